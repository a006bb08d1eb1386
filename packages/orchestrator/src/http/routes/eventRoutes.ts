import type { FastifyPluginAsync } from 'fastify'
import { SSE_FILTER_INTENT_IDS_MAX, SSE_RETRY_MS } from '../../limits.ts'
import { InvalidRequestError } from '@verity/core'
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
 * `intent_id` (our addition; repeated or comma-separated, at most SSE_FILTER_INTENT_IDS_MAX ids)
 * narrows the stream, replay included, to those intents' events.
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
          properties: {
            last_event_id: { type: 'string', description: 'same as the Last-Event-ID header' },
            intent_id: {
              anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
              description: `only the events of these intents (our addition): repeat the parameter or separate ids with commas, at most ${SSE_FILTER_INTENT_IDS_MAX}`,
            },
          },
        },
        response: { 200: { description: 'text/event-stream of OrchestratorEvent', type: 'string' } },
      },
    },
    async (request, reply) => {
      // HEAD (fastify answers it with this handler) says what GET would send, without opening a stream.
      if (request.method === 'HEAD') return reply.code(200).headers(EVENT_STREAM_HEADERS).send()
      const header = request.headers['last-event-id']
      const query = request.query as { last_event_id?: string; intent_id?: string | string[] }
      const cursorSeq = parseCursor(typeof header === 'string' ? header : query.last_event_id)
      const intentIds = parseIntentFilter(query.intent_id)
      // One slot per stream for this client, given back when the stream closes (or is refused).
      const release = context.sseClients.acquire(request.ip)
      reply.raw.once('close', release)
      const subscriber = await context.hub.subscribe(reply.raw, cursorSeq, intentIds)
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

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The `intent_id` filter: undefined when absent; distinct UUIDs, at most SSE_FILTER_INTENT_IDS_MAX, else 400. */
function parseIntentFilter(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined
  const ids = new Set<string>()
  for (const part of (Array.isArray(value) ? value : [value]).flatMap((item) => item.split(','))) {
    const id = part.trim()
    if (!UUID_PATTERN.test(id)) throw new InvalidRequestError({ reason: `intent_id must be intent ids (UUIDs) separated by commas; got ${JSON.stringify(id.slice(0, 64))}` })
    ids.add(id)
    if (ids.size > SSE_FILTER_INTENT_IDS_MAX) throw new InvalidRequestError({ reason: `intent_id names more than ${SSE_FILTER_INTENT_IDS_MAX} intents` })
  }
  return [...ids]
}
