import {
  describeUcpViolations,
  UCP_CATALOG_LOOKUP,
  UCP_CATALOG_SEARCH,
  UcpGetProductRequest,
  UcpLookupRequest,
  UcpSearchRequest,
  validateUcp,
  type TSchema,
} from '@verity/wire'
import { getProductDetail } from '../catalog/getProductDetail.ts'
import { lookupProducts } from '../catalog/lookupProducts.ts'
import { searchProducts } from '../catalog/searchProducts.ts'
import type { StoreCatalog } from '../catalog/StoreCatalog.ts'
import { StoreRequestInvalidError } from '../errors/storeErrors.ts'
import { errorReply, responseEnvelope } from './responseEnvelope.ts'

/** The catalog operations of UCP 2026-04-08, by their MCP tool name (REST: /catalog/search, /catalog/lookup, /catalog/product). */
export type CatalogOperationName = 'search_catalog' | 'lookup_catalog' | 'get_product'

type Operation = { capability: string; request: TSchema; run: (catalog: StoreCatalog, request: never) => object }

const OPERATIONS: Readonly<Record<CatalogOperationName, Operation>> = {
  search_catalog: {
    capability: UCP_CATALOG_SEARCH,
    request: UcpSearchRequest,
    run: (catalog, request: Parameters<typeof searchProducts>[1]) => ({ ucp: responseEnvelope(UCP_CATALOG_SEARCH), ...searchProducts(catalog, request) }),
  },
  lookup_catalog: {
    capability: UCP_CATALOG_LOOKUP,
    request: UcpLookupRequest,
    run: (catalog, request: Parameters<typeof lookupProducts>[1]) => {
      const { products, notFound } = lookupProducts(catalog, request)
      const messages = notFound.map((id) => ({ type: 'info' as const, code: 'not_found', content: id }))
      return { ucp: responseEnvelope(UCP_CATALOG_LOOKUP), products, ...(messages.length === 0 ? {} : { messages }) }
    },
  },
  get_product: {
    capability: UCP_CATALOG_LOOKUP,
    request: UcpGetProductRequest,
    run: (catalog, request: Parameters<typeof getProductDetail>[1]) => {
      const product = getProductDetail(catalog, request)
      // Not found is an application outcome (HTTP 200, ucp.status "error"), not a transport error (catalog/rest.md).
      if (product === undefined) return errorReply('not_found', `Product not found: ${request.id}`, UCP_CATALOG_LOOKUP)
      return { ucp: responseEnvelope(UCP_CATALOG_LOOKUP), product }
    },
  },
}

export const CATALOG_OPERATION_NAMES = Object.keys(OPERATIONS) as CatalogOperationName[]

/** The request schema of an operation (MCP tools/list shows it as the tool's input). */
export function catalogRequestSchema(name: CatalogOperationName): TSchema {
  return OPERATIONS[name].request
}

/**
 * Runs one catalog operation on a request body (REST) or the `catalog` argument (MCP): checks it
 * against the operation's UCP request schema, then answers the UCP reply. Throws
 * StoreRequestInvalidError naming the first violations, and the operation's own typed errors.
 * @example runCatalogOperation(catalog, 'get_product', { id: 'tee-classic-white-m' })
 */
export function runCatalogOperation(catalog: StoreCatalog, name: CatalogOperationName, body: unknown): object {
  const operation = OPERATIONS[name]
  const checked = validateUcp(operation.request, body)
  if (!checked.ok) throw new StoreRequestInvalidError({ reason: `not a UCP ${name} request: ${describeUcpViolations(checked.violations)}` })
  return operation.run(catalog, checked.value as never)
}
