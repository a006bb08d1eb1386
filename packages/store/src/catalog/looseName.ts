/**
 * An option or attribute name compared loosely, as the extractor compares them: case, spaces, `_`
 * and `-` do not matter, so `sleeve_length_type` names "Sleeve length type".
 */
export function looseName(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '')
}

// One collator for every comparison: `localeCompare` with options builds a new one per call, which
// made a get_product cost a millisecond when we measured it.
const TEXT_COLLATOR = new Intl.Collator('en', { sensitivity: 'accent' })

/** Text values (option labels, attribute values, categories) compare without regard to case. */
export function sameText(left: string, right: string): boolean {
  return left === right || TEXT_COLLATOR.compare(left, right) === 0
}
