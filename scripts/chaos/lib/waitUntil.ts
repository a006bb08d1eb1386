import { setTimeout as sleep } from 'node:timers/promises'
import type { Deadline } from './Deadline.ts'

export class WaitTimeoutError extends Error {
  override readonly name = 'WaitTimeoutError'
  constructor(readonly what: string, readonly timeoutMs: number, readonly last: string) {
    super(`gave up waiting for ${what} after ${timeoutMs} ms (last seen: ${last})`)
  }
}

/**
 * Polls `check` every `intervalMs` until it returns a value other than undefined, for at most
 * `timeoutMs` and never past `deadline`. A check that throws counts as "not yet" (a service that
 * is restarting refuses connections); the last error or value is in the time-out message.
 */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T | undefined>,
  options: { timeoutMs: number; intervalMs?: number; deadline: Deadline },
): Promise<T> {
  const startedAtMs = Date.now()
  const intervalMs = options.intervalMs ?? 100
  let last = 'nothing yet'
  while (Date.now() - startedAtMs < options.timeoutMs) {
    options.deadline.check()
    try {
      const value = await check()
      if (value !== undefined) return value
      last = 'not yet'
    } catch (error) {
      last = (error as Error).message.slice(0, 300)
    }
    await sleep(intervalMs)
  }
  throw new WaitTimeoutError(what, options.timeoutMs, last)
}
