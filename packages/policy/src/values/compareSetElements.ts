/**
 * The canonical order of set elements: strings by UTF-16 code units (JavaScript's default string
 * order), ints numerically. A set holds one kind only; this never compares a string with an int.
 */
export function compareSetElements(a: string | bigint, b: string | bigint): number {
  return a < b ? -1 : a > b ? 1 : 0
}
