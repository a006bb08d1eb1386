import { useEffect, useState } from 'preact/hooks'
import type { ConstraintFailure } from '@verity/policy'
import { failuresInWords, type FailureWordsContext } from '../../../../sdk/src/intents/failuresInWords.ts'
import { loadFailureContext } from '../intent/loadFailureContext.ts'
import { failuresWithKeptValues } from '../wallet/sealedOpenings.ts'

/**
 * A failure event of the explorer's feed: each failed constraint in words, numbered once, money as
 * money (`Price: $34.99, above your $25.00 cap`, as the intent page shows it); the orchestrator's
 * reason when nothing failed a constraint (an extraction that failed).
 */
export function FeedFailures({ intentId, data }: { intentId: string; data: Record<string, unknown> }) {
  const [context, setContext] = useState<FailureWordsContext>()
  const listed = Array.isArray(data.constraint_failures) ? (data.constraint_failures as ConstraintFailure[]) : []
  useEffect(() => {
    if (listed.length === 0) return
    let stopped = false
    void loadFailureContext(intentId).then((found) => !stopped && setContext(found))
    return () => void (stopped = true)
  }, [intentId, listed.length])
  if (listed.length === 0) return <div class="muted">{String(data.reason ?? '')}</div>
  const failures = failuresWithKeptValues(intentId, listed, data.evidence)
  return (
    <ol class="failures muted" data-testid="feed-failures">
      {failuresInWords(failures, data.evidence, context).map((words, index) => (
        <li key={index}>{words}</li>
      ))}
    </ol>
  )
}
