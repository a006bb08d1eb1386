// Retries an operation while the base layer is unreachable: exponential delay between
// BASE_LAYER_RETRY_DELAY_MS_MIN and _MAX, a log line per attempt, stoppable with a signal.
import { setTimeout as sleep } from 'node:timers/promises'
import { isVerityError } from '@verity/core'
import { BASE_LAYER_RETRY_DELAY_MS_MAX, BASE_LAYER_RETRY_DELAY_MS_MIN } from '../limits.ts'

export type RetryOptions = {
  log: { warn(o: object, m: string): void }
  what: string
  signal?: AbortSignal
  delayMsMin?: number
  delayMsMax?: number
}

/** True for failures worth retrying: the base layer could not be reached. */
export function isUnreachable(error: unknown): boolean {
  return isVerityError(error) && error.code === 'BASE_LAYER_UNAVAILABLE'
}

export async function retryWithBackoff<T>(operation: () => Promise<T>, options: RetryOptions): Promise<T> {
  const delayMsMax = options.delayMsMax ?? BASE_LAYER_RETRY_DELAY_MS_MAX
  let delayMs = options.delayMsMin ?? BASE_LAYER_RETRY_DELAY_MS_MIN
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation()
    } catch (error) {
      if (!isUnreachable(error)) throw error
      options.log.warn({ attempt, retryInMs: delayMs, reason: (error as Error).message }, `${options.what}: base layer unreachable, retrying`)
      await sleep(delayMs, undefined, options.signal === undefined ? {} : { signal: options.signal })
      delayMs = Math.min(delayMs * 2, delayMsMax)
    }
  }
}
