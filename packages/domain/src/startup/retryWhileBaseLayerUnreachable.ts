// Retries an operation while the base layer is unreachable: @verity/core's back-off with no
// attempt limit, delays between BASE_LAYER_RETRY_DELAY_MS_MIN and _MAX, a log line per attempt,
// stoppable with a signal.
import { isVerityError, retryWithBackoff as retry } from '@verity/core'
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

export async function retryWhileBaseLayerUnreachable<T>(operation: () => Promise<T>, options: RetryOptions): Promise<T> {
  return retry(operation, {
    attemptsMax: Infinity,
    delayMsMin: options.delayMsMin ?? BASE_LAYER_RETRY_DELAY_MS_MIN,
    delayMsMax: options.delayMsMax ?? BASE_LAYER_RETRY_DELAY_MS_MAX,
    isRetryable: isUnreachable,
    onRetry: ({ attempt, delayMs, error }) =>
      options.log.warn({ attempt, retryInMs: delayMs, reason: (error as Error).message }, `${options.what}: base layer unreachable, retrying`),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  })
}
