// A minimal Server-Sent Events client over node:http: one callback per event with the time it
// arrived. Used for the proposal latencies and by the SSE fan-out subscribers.
import { get, type Agent } from 'node:http'
import { epochMs } from './stats.ts'

export type StreamEvent = { id: string; event: string; data: string }

export type EventStream = {
  /** Resolves when the server ends the stream or the connection fails (not after close()). */
  readonly ended: Promise<string>
  close(): void
}

/**
 * Opens GET `url` as an event stream (with Last-Event-ID when given); resolves once the server
 * answered 200, and calls `onEvent` with each complete event and its arrival time (epoch ms).
 */
export function openEventStream(url: string, onEvent: (event: StreamEvent, arrivedAtMs: number) => void, options: { lastEventId?: string; agent?: Agent } = {}): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'text/event-stream' }
    if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId
    let closed = false
    const request = get(url, { headers, ...(options.agent ? { agent: options.agent } : {}) }, (response) => {
      if (response.statusCode !== 200) {
        response.resume()
        reject(new Error(`GET ${url} answered ${response.statusCode}`))
        return
      }
      const ended = new Promise<string>((end) => {
        response.on('end', () => end('ended by the server'))
        response.on('error', (error) => end(`error: ${error.message}`))
        response.on('close', () => end('closed'))
      })
      let buffer = ''
      let fields: StreamEvent = { id: '', event: 'message', data: '' }
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        const arrivedAtMs = epochMs()
        buffer += chunk
        let newline: number
        while ((newline = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, newline)
          buffer = buffer.slice(newline + 1)
          if (line === '') {
            if (fields.data !== '') onEvent(fields, arrivedAtMs)
            fields = { id: '', event: 'message', data: '' }
          } else if (!line.startsWith(':')) {
            const colon = line.indexOf(':')
            const name = colon < 0 ? line : line.slice(0, colon)
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
            if (name === 'id') fields.id = value
            else if (name === 'event') fields.event = value
            else if (name === 'data') fields.data = fields.data === '' ? value : `${fields.data}\n${value}`
          }
        }
      })
      resolve({
        ended: ended.then((reason) => (closed ? 'closed by us' : reason)),
        close: () => {
          closed = true
          request.destroy()
        },
      })
    })
    request.on('error', (error) => {
      if (!closed) reject(error)
    })
  })
}
