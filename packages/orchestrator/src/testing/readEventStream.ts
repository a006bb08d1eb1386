/** One SSE event as received. */
export type ReceivedEvent = { id: string; event: string; data: Record<string, unknown> }

export type EventStreamReader = {
  events: ReceivedEvent[]
  comments: string[]
  /** Resolves with the first received event (past or future) matching `predicate`. */
  waitFor(predicate: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>
  close(): void
}

/** Opens GET {baseUrl}/events{query} (with Last-Event-ID when given) and parses the stream as it comes. */
export async function readEventStream(baseUrl: string, lastEventId?: string, query = ''): Promise<EventStreamReader> {
  const controller = new AbortController()
  const headers: Record<string, string> = { accept: 'text/event-stream' }
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId
  const response = await fetch(`${baseUrl}/events${query}`, { headers, signal: controller.signal })
  if (response.status !== 200 || response.body === null) throw new Error(`GET /events answered ${response.status}`)
  const events: ReceivedEvent[] = []
  const comments: string[] = []
  const waiters = new Set<() => void>()
  void (async () => {
    let buffer = ''
    try {
      for await (const chunk of response.body!.pipeThrough(new TextDecoderStream())) {
        buffer += chunk
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const fields: Record<string, string> = {}
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim())
            else if (line.includes(':')) fields[line.slice(0, line.indexOf(':'))] = line.slice(line.indexOf(':') + 1).trimStart()
          }
          if (fields.data !== undefined)
            events.push({ id: fields.id ?? '', event: fields.event ?? 'message', data: JSON.parse(fields.data) as Record<string, unknown> })
          for (const wake of waiters) wake()
        }
      }
    } catch {
      // aborted by close()
    }
  })()
  return {
    events,
    comments,
    waitFor(predicate, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(predicate)
          if (found === undefined) return false
          clearTimeout(timer)
          waiters.delete(check)
          resolve(found)
          return true
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`))
        }, timeoutMs)
        if (!check()) waiters.add(check)
      })
    },
    close: () => controller.abort(),
  }
}
