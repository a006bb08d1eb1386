import type { FastifyInstance } from 'fastify'
import type { ServiceMetrics } from './ServiceMetrics.ts'

/** The route of the Prometheus scrape; protected with scope `operator` where the service has tokens. */
export const METRICS_ROUTE = '/metrics'

/**
 * Counts and times every request of `app` by method, route pattern (never the raw URL, so the
 * label count stays bounded; unmatched requests are `(unmatched)`) and status, and serves
 * `GET /metrics` in the Prometheus text format. Call it before registering the routes.
 */
export function exposeMetrics(app: FastifyInstance, metrics: ServiceMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? '(unmatched)'
    metrics.httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) })
    metrics.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1_000)
  })
  app.get(METRICS_ROUTE, { schema: { hide: true } }, async (_request, reply) => {
    const text = await metrics.registry.metrics()
    return reply.type(metrics.registry.contentType).serializer((payload) => payload as string).send(text)
  })
}
