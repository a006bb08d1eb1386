import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import type { ToolDependencies } from './ToolDependencies.ts'
import { runTool, toolSuccess } from './toolResult.ts'

export const SEARCH_CATALOG_DESCRIPTION =
  "Searches the extractor's product catalog and returns matching product variants, each with the `solution` string to pass to " +
  'check_solution and propose_solution (e.g. "catalog:tee-classic-white-m"), its price in cents, options (Color, Size) and attributes. ' +
  'Filters all must hold: `query` words (title, vendor, category, tags, options, attributes), `category` (one or several product ' +
  'types), `options` (e.g. {"Size": "M"}), `attributes` (e.g. {"audience": "unisex"}), price bounds in cents. Translate the ' +
  "intent's constraints into filters to find candidates quickly; a hit is only a candidate: check it with check_solution. " +
  'Results are bounded (`limit`); `truncated: true` means more matched, so narrow the filters.'

const Hit = z.object({
  solution: z.string().describe('what to propose'),
  product_id: z.string(),
  variant_id: z.string(),
  title: z.string().optional(),
  vendor: z.string().optional(),
  category: z.string().optional(),
  tags: z.array(z.string()),
  options: z.record(z.string()),
  price_cents: z.number().int().optional(),
  currency: z.string().optional(),
  available: z.boolean().optional(),
  attributes: z.record(z.unknown()),
})

export function registerSearchCatalogTool(server: McpServer, deps: ToolDependencies): void {
  const { searchResultsDefault, searchResultsMax } = deps.limits
  server.registerTool(
    'search_catalog',
    {
      title: 'Search the catalog',
      description: SEARCH_CATALOG_DESCRIPTION,
      inputSchema: {
        query: z.string().max(256).optional().describe('words that must all appear, e.g. "white tee"'),
        category: z.union([z.string().max(256), z.array(z.string().max(256)).max(16)]).optional().describe('product type(s), any of, e.g. ["t-shirt", "polo"]'),
        options: z.record(z.string().max(256)).optional().describe('variant options that must match, e.g. {"Size": "M", "Color": "White"}'),
        attributes: z.record(z.union([z.string().max(256), z.number().int(), z.boolean()])).optional().describe('attributes that must match, e.g. {"audience": "unisex"}'),
        price_cents_min: z.number().int().min(0).optional(),
        price_cents_max: z.number().int().min(0).optional().describe('highest price in cents, e.g. 2500 for $25.00'),
        include_unavailable: z.boolean().optional().describe('also list variants out of stock (default false)'),
        limit: z.number().int().min(1).max(searchResultsMax).optional().describe(`most results (default ${searchResultsDefault}, at most ${searchResultsMax})`),
      },
      outputSchema: { results: z.array(Hit), total: z.number().int().describe('how many variants matched in all'), truncated: z.boolean() },
      annotations: { readOnlyHint: true },
    },
    ({ query, limit, ...filters }) =>
      runTool(async () => {
        const found = await deps.extractor.searchCatalog({ ...filters, ...(query === undefined ? {} : { q: query }), limit: limit ?? searchResultsDefault })
        return toolSuccess('search_catalog', found, deps.limits.toolOutputBytesMax, 'narrow the filters or lower `limit`')
      }),
  )
}
