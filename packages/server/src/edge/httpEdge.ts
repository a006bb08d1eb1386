import { stringifyJsonBigint } from '@verity/core'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { compileRequestValidator } from './compileRequestValidator.ts'
import { createErrorHandler, type ErrorMapping } from './createErrorHandler.ts'
import { registerJsonBodyParser, type JsonBodyOptions } from './registerJsonBodyParser.ts'
import { registerOpenApi, type OpenApiSource } from './registerOpenApi.ts'

export type HttpEdgeOptions = ErrorMapping &
  JsonBodyOptions & {
    /** /openapi.json and /swagger-ui; absent for a routes plugin mounted inside another service. */
    openApi?: OpenApiSource
  }

/**
 * The HTTP edge of every Verity service, one plugin: JSON bodies parsed bigint-exact, every
 * request part (body, params, querystring) validated against its route schema (compiled once
 * and cached), replies written bigint-exact, failures mapped to the service's statuses and
 * error shape through its table, and the OpenAPI document with Swagger UI. It applies to the
 * context it is registered in (the app, or a routes plugin that keeps its own error shape).
 * @example await app.register(httpEdge, { statusByCode, openApi: { info } })
 */
export const httpEdge: FastifyPluginAsync<HttpEdgeOptions> = async function httpEdge(app: FastifyInstance, options: HttpEdgeOptions): Promise<void> {
  registerJsonBodyParser(app, options)
  app.setValidatorCompiler(compileRequestValidator)
  app.setSerializerCompiler(() => (data) => stringifyJsonBigint(data))
  app.setReplySerializer((payload) => stringifyJsonBigint(payload))
  app.setErrorHandler(createErrorHandler(options))
  if (options.openApi !== undefined) await registerOpenApi(app, options.openApi)
}

// Not encapsulated (what fastify-plugin does): the parser, validator, serializer and error
// handler apply to the context that registers the edge, so register it before the routes.
;(httpEdge as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true
