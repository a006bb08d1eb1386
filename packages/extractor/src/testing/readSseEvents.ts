// Reads a Server-Sent Events stream (the orchestrator's GET /events) into a list a test can wait on.
export type SseEvent = { id: string; event: string; data: Record<string, unknown> }

export type SseReader = {
  events: SseEvent[]
  waitFor(match: (event: SseEvent) => boolean): Promise<SseEvent>
  close(): void
}

/** How long a test waits for an event before failing (a proof may take several seconds). */
const EVENT_WAIT_MS_MAX = 120_000

export async function readSseEvents(url: string): Promise<SseReader> {
  const controller = new AbortController()
  const response = await fetch(url, { headers: { accept: 'text/event-stream' }, signal: controller.signal })
  if (response.body === null) throw new Error('no event stream')
  const events: SseEvent[] = []
  const waiters = new Set<() => void>()
  void (async () => {
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true })
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const fields = new Map<string, string>()
          for (const line of block.split('\n')) {
            if (line.startsWith(':') || !line.includes(':')) continue
            const name = line.slice(0, line.indexOf(':'))
            fields.set(name, (fields.get(name) === undefined ? '' : `${fields.get(name)}\n`) + line.slice(name.length + 1).replace(/^ /, ''))
          }
          const data = fields.get('data')
          if (data === undefined) continue
          events.push({ id: fields.get('id') ?? '', event: fields.get('event') ?? 'message', data: JSON.parse(data) as Record<string, unknown> })
          for (const wake of waiters) wake()
        }
      }
    } catch {
      // Aborted by close().
    }
  })()
  return {
    events,
    waitFor(match) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match)
          if (found === undefined) return
          waiters.delete(check)
          clearTimeout(timer)
          resolve(found)
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error('no matching event arrived'))
        }, EVENT_WAIT_MS_MAX)
        waiters.add(check)
        check()
      })
    },
    close: () => controller.abort(),
  }
}
