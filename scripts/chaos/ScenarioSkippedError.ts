/**
 * Thrown by a scenario that cannot run on this machine (no root to mount a filesystem, no
 * PostgreSQL binaries for a throwaway cluster). The runner reports it as SKIP with the reason,
 * never as a pass.
 */
export class ScenarioSkippedError extends Error {
  override readonly name = 'ScenarioSkippedError'
  constructor(readonly reason: string) {
    super(`skipped: ${reason}`)
  }
}
