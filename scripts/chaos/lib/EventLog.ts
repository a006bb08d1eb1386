// Reads an orchestrator's GET /events (Server-Sent Events) over node:http, with the operator token
// and Last-Event-ID, keeping every event received. Used to count terminal events per intent.
import { request, type ClientRequest } from 'node:http'
import { assertLoopbackUrl } from './assertLoopbackUrl.ts'

export type OrchestratorEvent = { seq: number; type: string; intentId: string; data: Record<string, unknown> }

/** Events kept per reader; a scenario that needs more is mis-sized. */
export const EVENT_LOG_EVENTS_MAX = 100_000

export class EventLog {
  readonly events: OrchestratorEvent[] = []
  #request: ClientRequest | undefined
  #ended = true

  /** The id of the newest event received ('0' when none): the Last-Event-ID of a reconnect. */
  lastEventId(): string {
    return String(this.events.at(-1)?.seq ?? 0)
  }
  isOpen(): boolean {
    return !this.#ended
  }

  /** Opens the stream at `baseUrl` from `lastEventId` (default: after the newest event received); resolves once it answered 200. */
  open(baseUrl: string, headers: Record<string, string>, lastEventId = this.lastEventId()): Promise<void> {
    this.close()
    const url = assertLoopbackUrl(`${baseUrl}/events`)
    return new Promise((resolve, reject) => {
      const outgoing = request({ host: url.hostname, port: url.port, path: url.pathname, headers: { ...headers, accept: 'text/event-stream', 'last-event-id': lastEventId }, agent: false }, (response) => {
        if (response.statusCode !== 200) {
          response.resume()
          reject(new Error(`GET /events answered ${response.statusCode}`))
          return
        }
        this.#ended = false
        response.setEncoding('utf8')
        let buffer = ''
        response.on('data', (chunk: string) => {
          buffer += chunk
          let end: number
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            this.#accept(buffer.slice(0, end))
            buffer = buffer.slice(end + 2)
          }
        })
        response.on('close', () => (this.#ended = true))
        resolve()
      })
      outgoing.on('error', (error) => {
        this.#ended = true
        reject(error)
      })
      outgoing.end()
      this.#request = outgoing
    })
  }

  close(): void {
    this.#request?.destroy()
    this.#request = undefined
    this.#ended = true
  }

  /** The terminal events (success, failure, expired) received for `intentId`. */
  terminalEventsOf(intentId: string): OrchestratorEvent[] {
    return this.events.filter((event) => event.intentId === intentId && ['success', 'failure', 'expired'].includes(event.type))
  }

  #accept(block: string): void {
    const fields: Record<string, string> = {}
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || !line.includes(':')) continue
      fields[line.slice(0, line.indexOf(':'))] = line.slice(line.indexOf(':') + 1).trimStart()
    }
    if (fields.data === undefined) return
    if (this.events.length >= EVENT_LOG_EVENTS_MAX) throw new RangeError(`more than ${EVENT_LOG_EVENTS_MAX} events received`)
    const data = JSON.parse(fields.data) as Record<string, unknown>
    this.events.push({ seq: Number(fields.id), type: fields.event ?? String(data.type), intentId: String(data.intent_id), data })
  }
}
