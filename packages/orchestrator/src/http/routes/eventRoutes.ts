import type { FastifyPluginAsync } from 'fastify'
import { SSE_RETRY_MS } from '../../limits.ts'
import type { OrchestratorContext } from '../OrchestratorContext.ts'

/** Headers of the event stream (also the answer to HEAD /events). */
const EVENT_STREAM_HEADERS = Object.freeze({
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
})

/**
 * GET /events: Server-Sent Events. Each event has `id:` (its seq in the durable log), `event:`
 * (the type) and `data:` (the OrchestratorEvent JSON). `Last-Event-ID` (header, or the
 * `last_event_id` query parameter for clients that cannot set headers) replays what was missed.
 */
export const eventRoutes: FastifyPluginAsync<{ context: OrchestratorContext }> = async (app, { context }) => {
  app.get(
    '/events',
    {
      schema: {
        operationId: 'events_stream',
        tags: ['events'],
        produces: ['text/event-stream'],
        querystring: {
          type: 'object',
          properties: { last_event_id: { type: 'string', description: 'same as the Last-Event-ID header' } },
        },
        response: { 200: { description: 'text/event-stream of OrchestratorEvent', type: 'string' } },
      },
    },
    async (request, reply) => {
      // HEAD (fastify answers it with this handler) says what GET would send, without opening a stream.
      if (request.method === 'HEAD') return reply.code(200).headers(EVENT_STREAM_HEADERS).send()
      const header = request.headers['last-event-id']
      const query = (request.query as { last_event_id?: string }).last_event_id
      const cursorSeq = parseCursor(typeof header === 'string' ? header : query)
      // One slot per stream for this client, given back when the stream closes (or is refused).
      const release = context.sseClients.acquire(request.ip)
      reply.raw.once('close', release)
      const subscriber = await context.hub.subscribe(reply.raw, cursorSeq)
      reply.hijack()
      reply.raw.writeHead(200, EVENT_STREAM_HEADERS)
      reply.raw.write(`retry: ${SSE_RETRY_MS}\n\n`)
      subscriber.start()
    },
  )
}

/** A Last-Event-ID we understand is a non-negative integer; anything else starts from now. */
function parseCursor(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return undefined
  return Number(value.trim())
}
