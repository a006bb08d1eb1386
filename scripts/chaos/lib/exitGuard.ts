// Whatever ends the suite's process (a failed assertion, Ctrl-C, a test runner's SIGTERM), the
// process groups it started and its throwaway PostgreSQL clusters must not outlive it: they are
// detached on purpose (so kill -9 reaches a whole service), so nothing else would stop them.
// The guard keeps what is live and, on exit, SIGKILLs the groups and runs the synchronous stops.
const liveGroups = new Set<number>()
const syncStops = new Map<string, () => void>()
let isInstalled = false

function install(): void {
  if (isInstalled) return
  isInstalled = true
  process.once('exit', () => {
    for (const pid of liveGroups) {
      try {
        process.kill(-pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
    for (const stop of syncStops.values()) {
      try {
        stop()
      } catch {
        // best effort: the process is ending
      }
    }
  })
  // Without handlers these signals end the process without an 'exit' event.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1)))
}

/** Keeps the process group `pid` until `forget`; it is SIGKILLed if this process exits first. */
export function guardProcessGroup(pid: number): { forget(): void } {
  install()
  liveGroups.add(pid)
  return { forget: () => liveGroups.delete(pid) }
}

/** Runs `stop` (synchronous) if this process exits before `forget`. */
export function guardWithStop(key: string, stop: () => void): { forget(): void } {
  install()
  syncStops.set(key, stop)
  return { forget: () => syncStops.delete(key) }
}
