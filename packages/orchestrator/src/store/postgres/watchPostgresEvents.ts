import pg from 'pg'
import { POSTGRES_CONNECT_TIMEOUT_MS, POSTGRES_EVENT_POLL_INTERVAL_MS, POSTGRES_LISTEN_RETRY_MS } from '../../limits.ts'

/** The channel on which every event-writing transaction notifies (delivered at its commit). */
export const EVENTS_CHANNEL = 'verity_orchestrator_events'

export type WatchPostgresEventsOptions = {
  connectionString: string
  onAppended: () => void
  onError: (error: unknown) => void
}

/**
 * Keeps one dedicated connection LISTENing on EVENTS_CHANNEL and calls `onAppended` for each
 * notification. A notification is only a wake-up: the reader then reads the log from its own
 * cursor, so a lost or merged notification loses nothing. A dropped connection is re-opened
 * (with a wake-up after, for what was missed meanwhile), and a slow poll wakes the reader anyway.
 * Resolves once listening; the function it returns stops watching.
 */
export async function watchPostgresEvents(options: WatchPostgresEventsOptions): Promise<() => Promise<void>> {
  let client: pg.Client | undefined
  let isStopped = false
  let retryTimer: NodeJS.Timeout | undefined

  const listen = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.connectionString, connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS })
    next.on('notification', () => options.onAppended())
    next.on('error', (error) => {
      options.onError(error)
      void next.end().catch(() => undefined)
      scheduleRetry()
    })
    await next.connect()
    await next.query(`LISTEN ${EVENTS_CHANNEL}`)
    if (isStopped) {
      await next.end()
      return
    }
    client = next
    options.onAppended()
  }
  const scheduleRetry = () => {
    client = undefined
    if (isStopped || retryTimer !== undefined) return
    retryTimer = setTimeout(() => {
      retryTimer = undefined
      listen().catch((error: unknown) => {
        options.onError(error)
        scheduleRetry()
      })
    }, POSTGRES_LISTEN_RETRY_MS)
    retryTimer.unref()
  }

  await listen()
  const pollTimer = setInterval(() => options.onAppended(), POSTGRES_EVENT_POLL_INTERVAL_MS)
  pollTimer.unref()
  return async () => {
    isStopped = true
    clearInterval(pollTimer)
    clearTimeout(retryTimer)
    const current = client
    client = undefined
    if (current !== undefined) await current.end().catch(() => undefined)
  }
}
