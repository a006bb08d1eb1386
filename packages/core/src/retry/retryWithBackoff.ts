/** How a retried operation backs off. Every delay is in ms; attempts count the first try. */
export type RetryPolicy = Readonly<{
  /** Tries in all, the first included; `Infinity` retries until the operation succeeds or the signal aborts. */
  attemptsMax: number
  /** Delay before the second try; each later delay doubles, up to `delayMsMax`. */
  delayMsMin: number
  delayMsMax: number
}>

export type RetryWithBackoffParameters = RetryPolicy & {
  /** True for a failure worth another try (a transient fault); anything else is thrown at once. */
  isRetryable: (error: unknown) => boolean
  /** Called before each wait, e.g. to log the attempt. */
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void
  /** Aborting stops the waiting: the pending wait rejects with the signal's reason. */
  signal?: AbortSignal
}

/**
 * Runs `operation` until it succeeds, fails with an error that is not retryable, or has been tried
 * `attemptsMax` times; waits `delayMsMin`, then twice as long each time (at most `delayMsMax`)
 * between tries. Throws the last error when the attempts are used up.
 * @example await retryWithBackoff(() => fetchEvidence(), { attemptsMax: 4, delayMsMin: 500, delayMsMax: 4_000, isRetryable: isTransient })
 */
export async function retryWithBackoff<T>(operation: (attempt: number) => Promise<T>, parameters: RetryWithBackoffParameters): Promise<T> {
  assertPolicy(parameters)
  let delayMs = parameters.delayMsMin
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation(attempt)
    } catch (error) {
      if (attempt >= parameters.attemptsMax || !parameters.isRetryable(error)) throw error
      parameters.onRetry?.({ attempt, delayMs, error })
      await sleep(delayMs, parameters.signal)
      delayMs = Math.min(delayMs * 2, parameters.delayMsMax)
    }
  }
}

function assertPolicy(policy: RetryPolicy): void {
  if (!(policy.attemptsMax >= 1)) throw new RangeError(`"attemptsMax" expected at least 1, got ${policy.attemptsMax}`)
  if (!(policy.delayMsMin >= 0)) throw new RangeError(`"delayMsMin" expected at least 0, got ${policy.delayMsMin}`)
  if (!(policy.delayMsMax >= policy.delayMsMin))
    throw new RangeError(`"delayMsMax" expected at least delayMsMin (${policy.delayMsMin}), got ${policy.delayMsMax}`)
}

function sleep(delayMs: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal!.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, delayMs)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
