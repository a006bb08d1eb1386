import { START_UNWIND_MS_MAX } from '../limits.ts'
import { waitForSignal } from './waitForSignal.ts'

/** A started service: what a service command keeps until it is stopped. */
export type ClosableService = { close(): Promise<void> }

export type RunServiceParameters<T extends ClosableService> = {
  /** Aborted by Ctrl-C / SIGTERM (the CLI's signal). */
  signal: AbortSignal
  /** Starts the service; it is given the signal, so it can stop at its next stage. */
  start: (signal: AbortSignal) => Promise<T>
  /** Reports the started service (its URL, its key). */
  onStarted: (service: T) => void
  /** Says the start is under way (a note on stderr); not called when the start fails at once (a bad option: its one line only). */
  onStarting?: () => void
  /** Longest wait for an interrupted start to unwind, in ms. Default START_UNWIND_MS_MAX. */
  unwindMsMax?: number
}

/**
 * Runs a service in the foreground until Ctrl-C or SIGTERM, at whatever stage of its start it
 * arrives: while the service checks its CRS and keys, opens its store, waits for a base layer or
 * warms its prover, the stop ends the start (what it had started is closed, bounded by
 * `unwindMsMax`), and the service never reports itself started. A start that fails rejects with its
 * error (the CLI prints it and exits 1). Resolves with the exit code: 0, stopped on request.
 * @example return runService({ signal, start: (s) => startBaseLayer({ signal: s }), onStarted: (node) => out.result(node.url, {}) })
 */
export async function runService<T extends ClosableService>(parameters: RunServiceParameters<T>): Promise<number> {
  const { signal, start, onStarted } = parameters
  if (signal.aborted) return 0
  let settled = false
  const starting = start(signal)
  starting.then(() => (settled = true), () => (settled = true))
  // Options a start checks synchronously have failed by the next turn of the event loop.
  await new Promise((resolve) => setImmediate(resolve))
  if (!settled) parameters.onStarting?.()
  const first = await Promise.race([
    starting.then((service) => ({ service }), (error: unknown) => ({ error })),
    waitForSignal(signal).then(() => undefined),
  ])
  if (first === undefined || signal.aborted) {
    await unwind(starting, parameters.unwindMsMax ?? START_UNWIND_MS_MAX)
    return 0
  }
  if ('error' in first) throw first.error
  onStarted(first.service)
  await waitForSignal(signal)
  await first.service.close()
  return 0
}

// The start goes on until its next stage sees the signal; whatever it started is then closed.
async function unwind(starting: Promise<ClosableService>, unwindMsMax: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, unwindMsMax)
  })
  const closed = starting.then((service) => service.close(), () => undefined).catch(() => undefined)
  await Promise.race([closed, bound])
  clearTimeout(timer)
}
