import { SSE_RECONNECT_DELAY_MS } from '../../limits.ts'

/** One event of the orchestrator's stream: its sequence id and its data (the spec's OrchestratorEvent). */
export type StreamEvent = { id: string; type: string; data: Record<string, unknown> }

export type FollowEventsParameters = {
  /** Replay from after this id ('0': the whole retained log); later reconnects resume after the last event seen. */
  lastEventId: string
  onEvent: (event: StreamEvent) => void
  /** Connection state, for the page to show ("live", "reconnecting"). */
  onState: (state: 'connecting' | 'live' | 'reconnecting') => void
  signal: AbortSignal
}

/**
 * Follows GET /events through the web server. A fetch-based reader rather than EventSource, so
 * the first request can ask for replay with `Last-Event-ID` too; after a drop it waits
 * SSE_RECONNECT_DELAY_MS (or the server's `retry:`) and reconnects with the last id it saw, so no
 * event is lost or repeated. Runs until `signal` aborts.
 */
export async function followEvents(params: FollowEventsParameters): Promise<void> {
  let lastEventId = params.lastEventId
  let retryMs = SSE_RECONNECT_DELAY_MS
  let attempt = 0
  while (!params.signal.aborted) {
    params.onState(attempt === 0 ? 'connecting' : 'reconnecting')
    attempt += 1
    try {
      const response = await fetch('/api/orchestrator/events', { headers: { accept: 'text/event-stream', 'last-event-id': lastEventId }, signal: params.signal })
      if (!response.ok || response.body === null) throw new Error(`event stream answered HTTP ${response.status}`)
      params.onState('live')
      await readStream(response.body, (field, value) => {
        if (field === 'retry' && /^[0-9]{1,6}$/.test(value)) retryMs = Number(value)
      }, (event) => {
        lastEventId = event.id
        params.onEvent(event)
      })
    } catch (error) {
      if (params.signal.aborted) return
    }
    await new Promise((resolve) => setTimeout(resolve, retryMs))
  }
}

async function readStream(body: ReadableStream<Uint8Array>, onField: (field: string, value: string) => void, onEvent: (event: StreamEvent) => void): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>).getReader()
  let buffer = ''
  let pending: { id: string; type: string; data: string[] } = { id: '', type: 'message', data: [] }
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return
    buffer += value
    let newline: number
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, '')
      buffer = buffer.slice(newline + 1)
      if (line === '') {
        if (pending.data.length > 0) onEvent({ id: pending.id, type: pending.type, data: JSON.parse(pending.data.join('\n')) as Record<string, unknown> })
        pending = { id: pending.id, type: 'message', data: [] }
        continue
      }
      if (line.startsWith(':')) continue
      const colon = line.indexOf(':')
      const field = colon < 0 ? line : line.slice(0, colon)
      const fieldValue = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
      if (field === 'data') pending.data.push(fieldValue)
      else if (field === 'event') pending.type = fieldValue
      else if (field === 'id') pending.id = fieldValue
      else onField(field, fieldValue)
    }
  }
}
