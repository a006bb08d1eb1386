import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { UcpBusinessUnusableError } from '@verity/sdk'
import type { Static, UcpProduct, UcpSearchRequest, UcpVariant } from '@verity/wire'
import { z } from 'zod'
import type { ToolDependencies } from './ToolDependencies.ts'
import { runTool, toolSuccess } from './toolResult.ts'

export const SEARCH_CATALOG_DESCRIPTION =
  'Searches a UCP business (Universal Commerce Protocol catalog search; by default the demo store, or the `business` URL you ' +
  'give) and returns matching product variants, each with what to pass to check_solution and propose_solution: `solution` (the ' +
  'variant id) and `metadata` ({"business": URL}). Each hit has its price in cents (minor units), options (e.g. Size "Medium (M)", ' +
  'Color), categories and attributes (e.g. "Fabric", "Target gender"). Filters all must hold: `query` words, `category` (one or ' +
  'several, e.g. "t-shirt"), `options`, `attributes`, price bounds in cents. Translate the intent\'s constraints into filters to ' +
  'find candidates quickly; a hit is only a candidate: check it with check_solution. Results are pages of products ' +
  '(`limit`); `has_next_page: true` means more matched: pass `cursor` for the next page, or narrow the filters.'

const Hit = z.object({
  solution: z.string().describe('what to propose: the variant id'),
  metadata: z.object({ business: z.string() }).describe('pass as `metadata` (or pass `business`) to check_solution and propose_solution'),
  product_id: z.string(),
  variant_id: z.string(),
  title: z.string(),
  variant_title: z.string(),
  price_cents: z.number().int().describe('price in the currency\'s minor units (cents)'),
  currency: z.string(),
  available: z.boolean().optional(),
  options: z.record(z.string()),
  categories: z.array(z.string()),
  attributes: z.record(z.union([z.string(), z.array(z.string())])),
  tags: z.array(z.string()),
})

type Product = Static<typeof UcpProduct>
type Variant = Static<typeof UcpVariant>
type SearchArguments = {
  query?: string | undefined
  category?: string | string[] | undefined
  options?: Record<string, string> | undefined
  attributes?: Record<string, string> | undefined
  price_cents_min?: number | undefined
  price_cents_max?: number | undefined
  limit?: number | undefined
  cursor?: string | undefined
}

export function registerSearchCatalogTool(server: McpServer, deps: ToolDependencies): void {
  const { searchResultsDefault, searchResultsMax } = deps.limits
  server.registerTool(
    'search_catalog',
    {
      title: 'Search a UCP business',
      description: SEARCH_CATALOG_DESCRIPTION,
      inputSchema: {
        business: z.string().url().max(2_048).optional().describe(`the UCP business's base URL (default ${deps.businessUrl}, the demo store)`),
        query: z.string().max(256).optional().describe('words that must all appear, e.g. "white tee"'),
        category: z.union([z.string().max(256), z.array(z.string().max(256)).max(16)]).optional().describe('categories, any of, e.g. ["t-shirt", "polo"]'),
        options: z.record(z.string().max(256)).optional().describe('variant options that must match, e.g. {"Size": "Medium (M)", "Color": "White"}'),
        attributes: z.record(z.string().max(256)).optional().describe('attributes that must match, e.g. {"Audience": "unisex", "Fabric": "Cotton"}'),
        price_cents_min: z.number().int().min(0).optional(),
        price_cents_max: z.number().int().min(0).optional().describe('highest price in cents, e.g. 2500 for $25.00'),
        include_unavailable: z.boolean().optional().describe('also list variants out of stock (default false)'),
        limit: z.number().int().min(1).max(searchResultsMax).optional().describe(`most products per page (default ${searchResultsDefault}, at most ${searchResultsMax})`),
        cursor: z.string().max(256).optional().describe('the `cursor` of the previous page'),
      },
      outputSchema: {
        business: z.string(),
        results: z.array(Hit),
        total: z.number().int().optional().describe('how many products matched in all, when the business says'),
        has_next_page: z.boolean(),
        cursor: z.string().optional().describe('pass it back for the next page'),
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    ({ business, include_unavailable, ...search }) =>
      runTool(async () => {
        const url = business ?? deps.businessUrl
        const reply = await deps.business(url).searchCatalog(searchRequestOf({ ...search, limit: search.limit ?? searchResultsDefault }))
        if (!('products' in reply)) throw new UcpBusinessUnusableError({ business: url, reason: `its search answered ${reply.messages.map((message) => `${message.code ?? 'error'}: ${message.content}`).join('; ')}` })
        const results = reply.products.flatMap((product) =>
          product.variants.filter((variant) => (include_unavailable === true || variant.availability?.available !== false) && holds(product, variant, search)).map((variant) => hitOf(url, product, variant)),
        )
        const page = reply.pagination
        const found = { business: url, results, has_next_page: page?.has_next_page ?? false, ...(page?.total_count === undefined ? {} : { total: page.total_count }), ...(page?.cursor === undefined ? {} : { cursor: page.cursor }) }
        return toolSuccess('search_catalog', found, deps.limits.toolOutputBytesMax, 'narrow the filters or lower `limit`')
      }),
  )
}

/** The UCP search request: query, categories, price; options and attributes as the custom filters UCP allows. */
function searchRequestOf(search: SearchArguments): Static<typeof UcpSearchRequest> {
  const categories = search.category === undefined ? undefined : Array.isArray(search.category) ? search.category : [search.category]
  const price = search.price_cents_min === undefined && search.price_cents_max === undefined ? undefined : { ...(search.price_cents_min === undefined ? {} : { min: search.price_cents_min }), ...(search.price_cents_max === undefined ? {} : { max: search.price_cents_max }) }
  const filters = { ...(categories ? { categories } : {}), ...(price ? { price } : {}), ...(search.options ? { options: search.options } : {}), ...(search.attributes ? { attributes: search.attributes } : {}) }
  return {
    ...(search.query === undefined ? {} : { query: search.query }),
    ...(Object.keys(filters).length === 0 ? {} : { filters }),
    pagination: { limit: search.limit ?? 10, ...(search.cursor === undefined ? {} : { cursor: search.cursor }) },
  }
}

const loose = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '')
const same = (left: string, right: string) => left.toLowerCase() === right.toLowerCase()

/** Checks again what a business may not filter itself (options, attributes and price are custom or per variant): every hit holds every filter. */
function holds(product: Product, variant: Variant, search: SearchArguments): boolean {
  const amount = variant.price.amount
  if (search.price_cents_min !== undefined && amount < search.price_cents_min) return false
  if (search.price_cents_max !== undefined && amount > search.price_cents_max) return false
  const options = variant.options ?? []
  if (!Object.entries(search.options ?? {}).every(([name, label]) => options.some((option) => loose(option.name) === loose(name) && same(option.label, label)))) return false
  const attributes = [...(variant.attributes ?? []), ...(product.attributes ?? [])]
  return Object.entries(search.attributes ?? {}).every(([name, value]) => attributes.some((attribute) => loose(attribute.name) === loose(name) && same(attribute.value, value)))
}

function hitOf(business: string, product: Product, variant: Variant) {
  // A name the variant states replaces the product's; a name given several times lists its values.
  const attributes: Record<string, string | string[]> = {}
  const collect = (list: Product['attributes'], into: Record<string, string | string[]>) => {
    for (const { name, value } of list ?? []) {
      const known = into[name]
      into[name] = known === undefined ? value : [...new Set([...(Array.isArray(known) ? known : [known]), value])]
    }
  }
  const own: Record<string, string | string[]> = {}
  collect(product.attributes, attributes)
  collect(variant.attributes, own)
  Object.assign(attributes, own)
  return {
    solution: variant.id,
    metadata: { business },
    product_id: product.id,
    variant_id: variant.id,
    title: product.title,
    variant_title: variant.title,
    price_cents: variant.price.amount,
    currency: variant.price.currency,
    ...(variant.availability?.available === undefined ? {} : { available: variant.availability.available }),
    options: Object.fromEntries((variant.options ?? []).map((option) => [option.name, option.label])),
    categories: [...new Set([...(product.categories ?? []), ...(variant.categories ?? [])].map((category) => category.value))],
    attributes,
    tags: [...new Set([...(product.tags ?? []), ...(variant.tags ?? [])])],
  }
}
