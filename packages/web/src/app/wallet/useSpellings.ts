import { useEffect, useState } from 'preact/hooks'
import type { CompiledTemplate } from '@verity/policy'
import { comparedFields } from '../../../../sdk/src/spellings/spellingWarnings.ts'
import { callApi } from '../api/callApi.ts'

/** How the web server's business spells the evidence fields a template compares exactly (GET /api/spellings), once per template. */
export type Spellings = { business: string; vocabulary: ReadonlyMap<string, readonly string[]> }

/** The spellings for `compiled` (undefined while read, without a business, or when it did not answer: nothing is then warned about). */
export function useSpellings(compiled: CompiledTemplate | undefined): Spellings | undefined {
  const [spellings, setSpellings] = useState<Spellings>()
  useEffect(() => {
    setSpellings(undefined)
    const fields = compiled === undefined ? [] : [...new Set(comparedFields(compiled).map(({ evidenceField }) => evidenceField))]
    if (fields.length === 0) return
    let stopped = false
    callApi<{ business: string | null; spellings: Record<string, string[]> }>(`/api/spellings?fields=${encodeURIComponent(fields.join(','))}`).then(
      (answer) => !stopped && answer.business !== null && setSpellings({ business: answer.business, vocabulary: new Map(Object.entries(answer.spellings)) }),
      () => undefined,
    )
    return () => void (stopped = true)
  }, [compiled])
  return spellings
}
