// /openapi.json and Swagger UI (served offline at /swagger-ui) for every service: generated from
// the route schemas (the same objects that validate the requests), or, for the base layer's one
// JSON-RPC route, from the document its method schemas generate.
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { openApiIntegers } from './integerKeywords.ts'

/** The route of the OpenAPI document. */
export const OPENAPI_ROUTE = '/openapi.json'
/** The prefix of the Swagger UI. */
export const SWAGGER_UI_PREFIX = '/swagger-ui'

export type OpenApiInfo = { title: string; version: string; description: string; license?: { name: string; url: string } }

/** From the routes (`info`), or a ready document (`document`, OpenAPI 3.0). */
export type OpenApiSource = { info: OpenApiInfo } | { document: Record<string, unknown> }

export async function registerOpenApi(app: FastifyInstance, source: OpenApiSource): Promise<void> {
  if ('document' in source) {
    await app.register(swagger, { mode: 'static', specification: { document: openApiIntegers(structuredClone(source.document)) as never } })
  } else {
    await app.register(swagger, {
      openapi: { openapi: '3.0.3', info: source.info },
      transformObject: (documentObject) =>
        openApiIntegers(structuredClone('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject)),
    })
  }
  await app.register(swaggerUi, { routePrefix: SWAGGER_UI_PREFIX })
  app.get(OPENAPI_ROUTE, { schema: { hide: true } }, async () => app.swagger())
}
