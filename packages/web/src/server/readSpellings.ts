import { readBusinessVocabulary, UcpBusinessClient } from '@verity/sdk'
import { SPELLINGS_CACHE_MS, SPELLINGS_FIELDS_MAX, SPELLINGS_TIMEOUT_MS } from '../limits.ts'

/** What `GET /api/spellings` answers: how the business spells each asked evidence field (a field it never names is absent), or why it was not read. */
export type SpellingsAnswer = { business: string | null; spellings: Record<string, string[]>; unchecked?: string }

const FIELD_NAME = /^[A-Za-z0-9_]{1,64}$/

/**
 * The business's spellings of evidence fields for the wallet (docs/web.md, "Spellings"), read from
 * its catalog by the SDK's readBusinessVocabulary (public catalog search: no buyer's data, unlike
 * sessions and orders, which are never read here) and kept SPELLINGS_CACHE_MS per field list.
 * Without a business (`businessUrl` unset) nothing is checked.
 */
export function createSpellingsReader(businessUrl: string | undefined): (fieldsParameter: string | null) => Promise<SpellingsAnswer> {
  const cache = new Map<string, { atMs: number; answer: Promise<SpellingsAnswer> }>()
  return async (fieldsParameter) => {
    if (businessUrl === undefined) return { business: null, spellings: {} }
    const fields = [...new Set((fieldsParameter ?? '').split(',').filter((field) => FIELD_NAME.test(field)))].sort().slice(0, SPELLINGS_FIELDS_MAX)
    const key = fields.join(',')
    const cached = cache.get(key)
    if (cached !== undefined && Date.now() - cached.atMs < SPELLINGS_CACHE_MS) return cached.answer
    const answer = readBusinessVocabulary(new UcpBusinessClient(businessUrl, { timeoutMs: SPELLINGS_TIMEOUT_MS }), fields).then(
      (vocabulary): SpellingsAnswer => ({ business: businessUrl, spellings: Object.fromEntries(vocabulary) }),
      (error: unknown): SpellingsAnswer => ({ business: businessUrl, spellings: {}, unchecked: error instanceof Error ? error.message : String(error) }),
    )
    cache.set(key, { atMs: Date.now(), answer })
    return answer
  }
}
