import { StoreRequestInvalidError } from '../errors/storeErrors.ts'
import { SEARCH_QUERY_WORDS_MAX } from '../limits.ts'
import type { Product, Variant } from './StoreCatalog.ts'

/** Shortest query word that also matches the start of a longer word ("tee" finds "tees", "t" finds only "t"). */
const PREFIX_CHARS_MIN = 3

/** The lower-case words of a text (letters and digits; everything else separates). */
function wordsOf(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0)
}

/** The words of a search query; throws StoreRequestInvalidError beyond SEARCH_QUERY_WORDS_MAX words. */
export function readQueryWords(query: string | undefined): string[] {
  const words = wordsOf(query ?? '')
  if (words.length > SEARCH_QUERY_WORDS_MAX) throw new StoreRequestInvalidError({ reason: `query has ${words.length} words, at most ${SEARCH_QUERY_WORDS_MAX} are read` })
  return words
}

/** Every word a product says of itself: title, description, handle, categories, tags, option and attribute values. */
export function productWords(product: Product): Set<string> {
  const texts = [
    product.id,
    product.title,
    product.handle ?? '',
    product.description.plain ?? '',
    ...(product.categories ?? []).map((category) => category.value),
    ...(product.tags ?? []),
    ...(product.attributes ?? []).map((attribute) => attribute.value),
  ]
  return new Set(texts.flatMap(wordsOf))
}

/** True when every query word is a word of the product or the variant (or, from PREFIX_CHARS_MIN letters, the start of one). */
export function matchesQuery(words: readonly string[], ofProduct: ReadonlySet<string>, variant: Variant): boolean {
  if (words.length === 0) return true
  const ofVariant = new Set([variant.id, variant.title, variant.sku ?? '', ...(variant.options ?? []).map((option) => option.label), ...(variant.attributes ?? []).map((attribute) => attribute.value), ...(variant.tags ?? [])].flatMap(wordsOf))
  return words.every((word) => hasWord(ofProduct, word) || hasWord(ofVariant, word))
}

function hasWord(words: ReadonlySet<string>, word: string): boolean {
  if (words.has(word)) return true
  if (word.length < PREFIX_CHARS_MIN) return false
  for (const candidate of words) if (candidate.startsWith(word)) return true
  return false
}
