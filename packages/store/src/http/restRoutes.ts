import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { StoreCatalog } from '../catalog/StoreCatalog.ts'
import { StoreRequestInvalidError } from '../errors/storeErrors.ts'
import { PROFILE_MAX_AGE_S } from '../limits.ts'
import { PROFILE_PATH, REST_ENDPOINT_PATH } from '../profile/buildBusinessProfile.ts'
import { runCatalogOperation, type CatalogOperationName } from '../ucp/catalogOperations.ts'
import { readPlatformProfile } from '../ucp/readPlatformProfile.ts'
import { UnreadableBody } from '../ucp/UnreadableBody.ts'

/** The REST binding's paths (catalog/rest.md), appended to the REST endpoint. */
const REST_PATHS: Readonly<Record<CatalogOperationName, string>> = { search_catalog: '/catalog/search', lookup_catalog: '/catalog/lookup', get_product: '/catalog/product' }

/**
 * `GET /.well-known/ucp` (the business profile, cacheable as the spec asks) and the REST binding:
 * `POST <endpoint>/catalog/search`, `/catalog/lookup`, `/catalog/product`. Each POST needs the
 * `UCP-Agent` header; a `Request-Id` header is echoed back.
 */
export function registerRestRoutes(app: FastifyInstance, parameters: { catalog: StoreCatalog; profileOf: () => object }): void {
  const { catalog, profileOf } = parameters
  app.get(PROFILE_PATH, async (_request, reply) => {
    void reply.header('cache-control', `public, max-age=${PROFILE_MAX_AGE_S}`)
    return profileOf()
  })
  for (const [name, path] of Object.entries(REST_PATHS) as [CatalogOperationName, string][]) {
    app.post(`${REST_ENDPOINT_PATH}${path}`, async (request: FastifyRequest, reply: FastifyReply) => {
      echoRequestId(request, reply)
      readPlatformProfile({ header: request.headers['ucp-agent'] as string | undefined })
      if (request.body instanceof UnreadableBody) throw new StoreRequestInvalidError({ reason: `the body is not JSON (${request.body.reason})` })
      return runCatalogOperation(catalog, name, request.body)
    })
  }
}

function echoRequestId(request: FastifyRequest, reply: FastifyReply): void {
  const id = request.headers['request-id']
  if (typeof id === 'string' && id.length <= 128) void reply.header('request-id', id)
}
