// UCP 2026-04-08 catalog capability requests and replies: source/schemas/shopping/catalog_search.json,
// catalog_lookup.json, types/context.json, signals.json, attribution.json, search_filters.json,
// price_filter.json, pagination.json, input_correlation.json. REST binding: POST {endpoint}/catalog/search,
// /catalog/lookup, /catalog/product; MCP tools search_catalog, lookup_catalog, get_product
// (docs/specification/catalog/rest.md, mcp.md).
import { Type } from 'typebox'
import { UcpMessage, UcpErrorResponse } from './messages.ts'
import { UcpAmount, UcpDetailProduct, UcpProduct, UcpSelectedOption, UcpVariant } from './product.ts'
import { UcpResponseMetadata } from './profile.ts'

/** context.json: provisional buyer signals (all optional). */
export const UcpContext = Type.Object({
  address_country: Type.Optional(Type.String()),
  address_region: Type.Optional(Type.String()),
  postal_code: Type.Optional(Type.String()),
  intent: Type.Optional(Type.String()),
  language: Type.Optional(Type.String()),
  currency: Type.Optional(Type.String()),
  eligibility: Type.Optional(Type.Array(Type.String())),
})

/** signals.json and attribution.json: reverse-domain keyed / string valued maps. */
export const UcpSignals = Type.Record(Type.String(), Type.Unknown())
export const UcpAttribution = Type.Record(Type.String(), Type.String())

/** search_filters.json (price_filter.json in `price`). */
export const UcpSearchFilters = Type.Object({
  categories: Type.Optional(Type.Array(Type.String())),
  price: Type.Optional(Type.Object({ min: Type.Optional(UcpAmount), max: Type.Optional(UcpAmount) })),
})

/** pagination.json#/$defs/request. */
export const UcpPaginationRequest = Type.Object({ cursor: Type.Optional(Type.String()), limit: Type.Optional(Type.Integer({ minimum: 1 })) })

/** pagination.json#/$defs/response (`cursor` is required when `has_next_page` is true). */
export const UcpPaginationResponse = Type.Object({
  cursor: Type.Optional(Type.String()),
  has_next_page: Type.Boolean(),
  total_count: Type.Optional(Type.Integer({ minimum: 0 })),
})

const commonRequest = {
  context: Type.Optional(UcpContext),
  signals: Type.Optional(UcpSignals),
  attribution: Type.Optional(UcpAttribution),
}

/** catalog_search.json#/$defs/search_request. */
export const UcpSearchRequest = Type.Object({
  query: Type.Optional(Type.String()),
  ...commonRequest,
  filters: Type.Optional(UcpSearchFilters),
  pagination: Type.Optional(UcpPaginationRequest),
})

/** catalog_search.json#/$defs/search_response. */
export const UcpSearchResponse = Type.Object({
  ucp: UcpResponseMetadata,
  products: Type.Array(UcpProduct),
  pagination: Type.Optional(UcpPaginationResponse),
  messages: Type.Optional(Type.Array(UcpMessage)),
})

/** catalog_lookup.json#/$defs/lookup_request. */
export const UcpLookupRequest = Type.Object({ ids: Type.Array(Type.String(), { minItems: 1 }), filters: Type.Optional(UcpSearchFilters), ...commonRequest })

/** input_correlation.json. */
export const UcpInputCorrelation = Type.Object({ id: Type.String(), match: Type.Optional(Type.String()) })

/** catalog_lookup.json#/$defs/lookup_response (each variant names the request ids it answers in `inputs`). */
export const UcpLookupResponse = Type.Object({
  ucp: UcpResponseMetadata,
  products: Type.Array(
    Type.Intersect([UcpProduct, Type.Object({ variants: Type.Array(Type.Intersect([UcpVariant, Type.Object({ inputs: Type.Array(UcpInputCorrelation, { minItems: 1 }) })])) })]),
  ),
  messages: Type.Optional(Type.Array(UcpMessage)),
})

/** catalog_lookup.json#/$defs/get_product_request: `id` is a product id or a variant id. */
export const UcpGetProductRequest = Type.Object({
  id: Type.String({ description: 'product or variant id' }),
  selected: Type.Optional(Type.Array(UcpSelectedOption)),
  preferences: Type.Optional(Type.Array(Type.String())),
  filters: Type.Optional(UcpSearchFilters),
  ...commonRequest,
})

/** catalog_lookup.json#/$defs/get_product_response. */
export const UcpGetProductResponse = Type.Object({
  ucp: UcpResponseMetadata,
  product: UcpDetailProduct,
  messages: Type.Optional(Type.Array(UcpMessage)),
})

/** What `POST /catalog/product` (or the `get_product` tool) may answer: the product, or `ucp.status: "error"` with messages (e.g. `not_found`). */
export const UcpGetProductReply = Type.Union([UcpGetProductResponse, UcpErrorResponse])

/** What `POST /catalog/search` (or `search_catalog`) may answer. */
export const UcpSearchReply = Type.Union([UcpSearchResponse, UcpErrorResponse])
