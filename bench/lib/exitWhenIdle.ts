// The bench's last step. Every part closes what it started in a `finally`, so the process ends by
// itself once the results are written; if something still holds it (a leak: a server, a child, a
// browser left open), it says what after EXIT_GRACE_MS and exits anyway with status 0, so a user
// or a script never waits forever. scripts/bench.test.ts fails when this message appears.

/** How long the finished bench may take to end by itself. */
export const EXIT_GRACE_MS = 10_000

/** The line logged when the finished bench did not end by itself. */
export const STILL_OPEN_MESSAGE = 'still open after the run'

export function exitWhenIdle(log: (line: string) => void): void {
  const timer = setTimeout(() => {
    const open = process.getActiveResourcesInfo().filter((kind) => kind !== 'Timeout')
    log(`${STILL_OPEN_MESSAGE} (${EXIT_GRACE_MS} ms after the results were written): ${open.join(', ')}; exiting`)
    process.exit(0)
  }, EXIT_GRACE_MS)
  // The timer itself must not keep the process alive: a clean run ends before it fires.
  timer.unref()
}
