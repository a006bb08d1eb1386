import type { CompiledTemplate } from '@verity/policy'
import { SPELLINGS_SHOWN_MAX } from '../limits.ts'

/** An intent string field the template compares with an evidence string field (`evidence.size == intent.size`, `evidence.color in intent.acceptable_colors`). */
export type ComparedField = { intentField: string; evidenceField: string }

/** An intent value no known spelling of its evidence field matches: a proposal from that business would fail on it. */
export type SpellingWarning = { field: string; evidenceField: string; value: string; business: string; spellings: readonly string[]; closest?: string; message: string }

/**
 * The intent string fields a template compares, exactly, with an evidence string field: the only
 * ones whose values must be spelled as the business spells them (`==` and `in`; a `!=` or `not in`
 * is met by any other spelling).
 */
export function comparedFields(compiled: CompiledTemplate): ComparedField[] {
  const found = new Map<string, ComparedField>()
  for (const { expr } of compiled.requires) {
    if (expr.kind === 'Compare' && expr.op === '==' && expr.left.kind === 'Field' && expr.right.kind === 'Field' && expr.left.type === 'string') {
      const [evidence, intent] = expr.left.scope === 'evidence' ? [expr.left, expr.right] : [expr.right, expr.left]
      if (evidence.scope === 'evidence' && intent.scope === 'intent') found.set(intent.name, { intentField: intent.name, evidenceField: evidence.name })
    }
    if (expr.kind === 'In' && !expr.negated && expr.element.kind === 'Field' && expr.element.scope === 'evidence' && expr.element.type === 'string' && expr.set.kind === 'Field' && expr.set.scope === 'intent')
      found.set(expr.set.name, { intentField: expr.set.name, evidenceField: expr.element.name })
  }
  return [...found.values()]
}

/**
 * Warnings for the intent values no spelling of `business` matches (`vocabulary`: evidence field →
 * the values its catalog shows, readBusinessVocabulary). The template compares strings exactly, so
 * `M` where the business spells `Medium (M)` makes every proposal from it fail. A field whose
 * vocabulary is unknown or empty is not judged. Values may be plain JSON or tagged.
 * @example spellingWarnings(compiled, { size: 'M' }, new Map([['size', ['Medium (M)']]]), url)[0].message
 */
export function spellingWarnings(compiled: CompiledTemplate, fields: Readonly<Record<string, unknown>>, vocabulary: ReadonlyMap<string, readonly string[]>, business: string): SpellingWarning[] {
  const warnings: SpellingWarning[] = []
  for (const { intentField, evidenceField } of comparedFields(compiled)) {
    const spellings = vocabulary.get(evidenceField) ?? []
    if (spellings.length === 0) continue
    for (const value of stringsOf(fields[intentField])) {
      if (spellings.includes(value)) continue
      const ranked = [...spellings].sort((a, b) => closeness(value, b) - closeness(value, a) || a.localeCompare(b))
      const closest = closeness(value, ranked[0]!) > 0 ? ranked[0] : undefined
      const shown = ranked.slice(0, SPELLINGS_SHOWN_MAX).map((spelling) => JSON.stringify(spelling)).join(', ')
      const more = ranked.length > SPELLINGS_SHOWN_MAX ? ` and ${ranked.length - SPELLINGS_SHOWN_MAX} more` : ''
      const message =
        `${intentField} ${JSON.stringify(value)}: ${business} spells no ${evidenceField} that way, so a proposal from it would fail` +
        `${closest === undefined ? '' : `; did you mean ${JSON.stringify(closest)}?`} (it has ${shown}${more})`
      warnings.push({ field: intentField, evidenceField, value, business, spellings: ranked, ...(closest === undefined ? {} : { closest }), message })
    }
  }
  return warnings
}

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(stringsOf)
  if (value !== null && typeof value === 'object') {
    const tagged = value as { String?: unknown; Set?: unknown }
    return stringsOf(tagged.String ?? tagged.Set)
  }
  return []
}

/** Letters a value must have for one text holding the other to count as close (`m` is in most words). */
const CONTAINED_CHARS_MIN = 3

// 3: the same but for case; 2: one holds the other as a word (`M` in `Medium (M)`); 1: as text; 0: unrelated.
function closeness(value: string, spelling: string): number {
  const [a, b] = [value.toLowerCase(), spelling.toLowerCase()]
  if (a === b) return 3
  const words = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '')
  if (words(b).includes(a) || words(a).includes(b)) return 2
  return Math.min(a.length, b.length) >= CONTAINED_CHARS_MIN && (b.includes(a) || a.includes(b)) ? 1 : 0
}
