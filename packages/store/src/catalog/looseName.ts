/**
 * An option or attribute name compared loosely, as the extractor compares them: case, spaces, `_`
 * and `-` do not matter, so `sleeve_length_type` names "Sleeve length type".
 */
export function looseName(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '')
}

/** Text values (option labels, attribute values, categories) compare without regard to case. */
export function sameText(left: string, right: string): boolean {
  return left.localeCompare(right, 'en', { sensitivity: 'accent' }) === 0
}
