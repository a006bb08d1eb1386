import { VOCABULARY_PAGE_PRODUCTS, VOCABULARY_PAGES_MAX } from '../limits.ts'
import type { UcpBusinessClient } from '../ucp/UcpBusinessClient.ts'

/** Field names an evidence field is read from besides its own (the extractor's default mapping for them, docs/extractor.md). */
const NAME_SYNONYMS: Readonly<Record<string, readonly string[]>> = { color: ['colour'], colour: ['color'] }

type Named = { name: string; label?: string; value?: string }
type CatalogProduct = { options?: Array<{ name: string; values: Array<{ label: string }> }>; attributes?: Named[]; categories?: Array<{ value: string; taxonomy?: string }>; variants: Array<{ options?: Named[]; attributes?: Named[] }> }

/**
 * How a business spells the values of `evidenceFields`, read from its catalog (UCP catalog search,
 * public: no buyer's data), at most VOCABULARY_PAGES_MAX pages: for a field, the labels of the
 * variant options and the values of the attributes named like it (case, spaces, `_` and `-` aside;
 * color and colour alike), and for `category` the business's own categories (taxonomy
 * `merchant`), as the extractor reads them. A field the catalog never names is left out (unknown:
 * not judged). Throws what the client throws (an unreachable business, an error reply).
 * @example const sizes = (await readBusinessVocabulary(new UcpBusinessClient(url), ['size'])).get('size')
 */
export async function readBusinessVocabulary(client: UcpBusinessClient, evidenceFields: readonly string[]): Promise<Map<string, string[]>> {
  const wanted = new Map(evidenceFields.flatMap((field) => [field, ...(NAME_SYNONYMS[field] ?? [])].map((name) => [loose(name), field] as const)))
  const found = new Map<string, Set<string>>()
  const add = (name: string, value: string | undefined) => {
    const field = wanted.get(loose(name))
    if (field === undefined || value === undefined || value === '') return
    found.set(field, (found.get(field) ?? new Set()).add(value))
  }
  let cursor: string | undefined
  for (let page = 0; page < VOCABULARY_PAGES_MAX; page++) {
    // No query, and a filter every product passes (a price of 0 or more): a business may refuse a search with neither.
    const reply = await client.searchCatalog({ filters: { price: { min: 0 } }, pagination: { limit: VOCABULARY_PAGE_PRODUCTS, ...(cursor === undefined ? {} : { cursor }) } })
    if (!('products' in reply)) break
    for (const product of reply.products as CatalogProduct[]) {
      for (const option of product.options ?? []) for (const value of option.values) add(option.name, value.label)
      for (const attribute of product.attributes ?? []) add(attribute.name, attribute.value)
      for (const category of product.categories ?? []) if (category.taxonomy === 'merchant') add('category', category.value)
      for (const variant of product.variants) {
        for (const option of variant.options ?? []) add(option.name, option.label)
        for (const attribute of variant.attributes ?? []) add(attribute.name, attribute.value)
      }
    }
    if (reply.pagination?.has_next_page !== true || reply.pagination.cursor === undefined) break
    cursor = reply.pagination.cursor
  }
  return new Map([...found].map(([field, values]) => [field, [...values].sort()]))
}

function loose(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '')
}
