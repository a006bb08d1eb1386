import { setTimeout as sleep } from 'node:timers/promises'
import { parseJsonBigint } from '@verity/core'
import { createParser } from 'eventsource-parser'
import { EVENT_BYTES_MAX, EVENTS_RECONNECT_DELAY_MS, EVENTS_RECONNECT_DELAY_MS_MAX } from '../limits.ts'

/** One orchestrator event as delivered over SSE. */
export type OrchestratorEventMessage = {
  /** The event's sequence number (the SSE `id:`). */
  id: string
  /** `success`, `failure` or `expired`. */
  type: string
  data: Record<string, unknown>
}

export type FollowEventsOptions = {
  /** Resume after this event id (sent as Last-Event-ID). */
  lastEventId?: string
  signal?: AbortSignal
  /** Called each time the stream is (re)connected: from then on, no new event is missed. */
  onOpen?: () => void
  /** Called when the stream drops and the follower reconnects. */
  onReconnect?: (error: unknown, delayMs: number) => void
}

/**
 * Follows `GET {orchestratorUrl}/events` and yields every event once, in order. When the stream
 * drops it reconnects with `Last-Event-ID`, so nothing is missed or repeated; it stops when
 * `signal` aborts.
 * @example for await (const event of followEvents(url, { signal })) console.log(event.type)
 */
export async function* followEvents(orchestratorUrl: string, options: FollowEventsOptions = {}): AsyncGenerator<OrchestratorEventMessage> {
  let lastEventId = options.lastEventId
  let delayMs = EVENTS_RECONNECT_DELAY_MS
  while (!options.signal?.aborted) {
    try {
      for await (const event of readStream(orchestratorUrl, lastEventId, options.signal, options.onOpen)) {
        lastEventId = event.id
        delayMs = EVENTS_RECONNECT_DELAY_MS
        yield event
      }
    } catch (error) {
      if (options.signal?.aborted) return
      options.onReconnect?.(error, delayMs)
    }
    if (options.signal?.aborted) return
    await sleep(delayMs, undefined, { signal: options.signal }).catch(() => undefined)
    delayMs = Math.min(delayMs * 2, EVENTS_RECONNECT_DELAY_MS_MAX)
  }
}

async function* readStream(
  baseUrl: string,
  lastEventId: string | undefined,
  signal: AbortSignal | undefined,
  onOpen: (() => void) | undefined,
): AsyncGenerator<OrchestratorEventMessage> {
  const headers: Record<string, string> = { accept: 'text/event-stream' }
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId
  const response = await fetch(`${baseUrl.replace(/\/$/, '')}/events`, { headers, signal: signal ?? null })
  if (response.status !== 200 || response.body === null) throw new Error(`GET /events answered ${response.status}`)
  // The orchestrator subscribes before it answers, so the answer's arrival is the point after which nothing is missed.
  onOpen?.()
  const queue: OrchestratorEventMessage[] = []
  let parseError: Error | undefined
  const parser = createParser({
    onEvent(event) {
      if (event.data.length > EVENT_BYTES_MAX) {
        parseError = new Error(`event of ${event.data.length} bytes exceeds ${EVENT_BYTES_MAX}`)
        return
      }
      queue.push({ id: event.id ?? '', type: event.event ?? 'message', data: parseJsonBigint(event.data) as Record<string, unknown> })
    },
  })
  for await (const chunk of response.body.pipeThrough(new TextDecoderStream())) {
    parser.feed(chunk)
    if (parseError) throw parseError
    while (queue.length > 0) yield queue.shift()!
  }
  throw new Error('event stream closed by the server')
}
