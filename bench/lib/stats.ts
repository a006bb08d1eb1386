// Timing and statistics shared by every measurement: percentiles, medians, rates, wall clocks.

/** Wall-clock milliseconds since an arbitrary origin, sub-millisecond precision. */
export const nowMs = (): number => performance.now()

/** Milliseconds since the Unix epoch with sub-millisecond precision, comparable across processes of one machine. */
export const epochMs = (): number => performance.timeOrigin + performance.now()

/** The p-th percentile (0–100) of `values`, nearest-rank; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!
}

export const median = (values: readonly number[]): number => percentile(values, 50)

export type Summary = { count: number; p50: number; p95: number; p99: number; max: number; mean: number }

/** Count, p50, p95, p99, max and mean of `values`. */
export function summarize(values: readonly number[]): Summary {
  const sum = values.reduce((total, value) => total + value, 0)
  return {
    count: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: values.length === 0 ? Number.NaN : Math.max(...values),
    mean: values.length === 0 ? Number.NaN : sum / values.length,
  }
}

/**
 * Calls `work` (synchronous, one operation per call) in a tight loop for `durationMs` of wall
 * time on this thread, `rounds` times; returns the median rate in operations per second.
 * Wall time on purpose: the services measured beside it run on the same, possibly shared,
 * cores, so the ratio compares like with like.
 */
export function measureRate(work: (index: number) => void, durationMs: number, rounds: number): { perSecond: number; rounds: number[] } {
  for (let index = 0; index < 100; index++) work(index) // warm-up: JIT and key caches
  const rates: number[] = []
  let index = 0
  for (let round = 0; round < rounds; round++) {
    const start = nowMs()
    let count = 0
    let elapsed = 0
    while (elapsed < durationMs) {
      for (let batch = 0; batch < 32; batch++) work(index++)
      count += 32
      elapsed = nowMs() - start
    }
    rates.push((count * 1_000) / elapsed)
  }
  return { perSecond: median(rates), rounds: rates }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `probe` every `intervalMs` until it returns a value other than undefined, or `timeoutMs` passes. */
export async function pollUntil<T>(probe: () => Promise<T | undefined>, what: string, intervalMs: number, timeoutMs: number): Promise<T> {
  const deadline = nowMs() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (nowMs() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await sleep(intervalMs)
  }
}
