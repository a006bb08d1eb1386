import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { CatalogSource } from '../catalog/CatalogSource.ts'
import { searchCatalog, type CatalogQuery } from '../catalog/searchCatalog.ts'
import { CatalogNotConfiguredError } from '../errors/catalogSearchErrors.ts'
import type { ExtractorDependencies } from '../extractFromSolution.ts'
import {
  CATALOG_SEARCH_FILTERS_MAX,
  CATALOG_SEARCH_QUERY_CHARS_MAX,
  CATALOG_SEARCH_RESULTS_MAX,
  PRODUCT_STRING_CHARS_MAX,
  EXTRACT_REQUEST_BODY_BYTES_MAX,
} from '../limits.ts'

const FilterString = Type.String({ maxLength: PRODUCT_STRING_CHARS_MAX })

const CatalogSearchBody = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: CATALOG_SEARCH_QUERY_CHARS_MAX, description: 'words that must all appear (title, vendor, category, tags, options, attributes)' })),
    category: Type.Optional(
      Type.Union([FilterString, Type.Array(FilterString, { maxItems: CATALOG_SEARCH_FILTERS_MAX })], { description: 'product type(s), any of' }),
    ),
    options: Type.Optional(Type.Record(FilterString, FilterString, { maxProperties: CATALOG_SEARCH_FILTERS_MAX, description: 'variant options that must match, e.g. {"Size": "M"}' })),
    attributes: Type.Optional(
      Type.Record(FilterString, Type.Union([FilterString, Type.Integer(), Type.Boolean()]), {
        maxProperties: CATALOG_SEARCH_FILTERS_MAX,
        description: 'attributes that must equal (or, for a set, contain) the value, e.g. {"audience": "unisex"}',
      }),
    ),
    price_cents_min: Type.Optional(Type.Integer({ minimum: 0 })),
    price_cents_max: Type.Optional(Type.Integer({ minimum: 0 })),
    include_unavailable: Type.Optional(Type.Boolean({ description: 'include variants marked unavailable (default false)' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: CATALOG_SEARCH_RESULTS_MAX, description: `most hits returned (default 20, at most ${CATALOG_SEARCH_RESULTS_MAX})` })),
  },
  { additionalProperties: false, description: 'a catalog search: every given filter must hold' },
)

const CatalogHitSchema = Type.Object({
  solution: Type.String({ description: 'what to propose: `catalog:<variant-id>`' }),
  product_id: Type.String(),
  variant_id: Type.String(),
  title: Type.Optional(Type.String()),
  vendor: Type.Optional(Type.String()),
  category: Type.Optional(Type.String()),
  tags: Type.Array(Type.String()),
  options: Type.Record(Type.String(), Type.String()),
  price_cents: Type.Optional(Type.Integer()),
  currency: Type.Optional(Type.String()),
  available: Type.Optional(Type.Boolean()),
  attributes: Type.Record(Type.String(), Type.Unknown()),
})

const CatalogSearchReply = Type.Object({
  results: Type.Array(CatalogHitSchema),
  total: Type.Integer({ description: 'how many variants match in all' }),
  truncated: Type.Boolean({ description: 'true when more variants match than were returned' }),
})

const ErrorReply = Type.Object({ message: Type.String(), code: Type.Optional(Type.String()) })

/**
 * `POST /catalog/search` (our addition; the orchestrator serves it under /extractor too): the
 * variants of the local catalog that match a query, at most CATALOG_SEARCH_RESULTS_MAX, each
 * with the `solution` to propose for it. 404 CATALOG_NOT_CONFIGURED when there is no catalog.
 */
export function registerCatalogSearchRoute(parent: FastifyInstance, dependencies: ExtractorDependencies): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  app.post(
    '/catalog/search',
    {
      bodyLimit: EXTRACT_REQUEST_BODY_BYTES_MAX,
      // The edge's validator never strips: an unknown (misspelt) filter is refused, not ignored.
      schema: {
        summary: 'Search the local catalog',
        body: CatalogSearchBody,
        response: { 200: CatalogSearchReply, 400: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      // Only a catalog file can be listed; a storefront can only be asked for one product.
      if (!(dependencies.catalog instanceof CatalogSource)) throw new CatalogNotConfiguredError()
      // Prices are bigint inside; the plugin's serializer writes them as JSON integers.
      return reply.send(searchCatalog(dependencies.catalog.catalog, request.body as CatalogQuery) as never)
    },
  )
}
