// A bench part whose prerequisite is missing on this machine (no Chromium, no PostgreSQL): the run
// reports the part as skipped with a one-line install hint, and goes on.

export class BenchSkippedError extends Error {
  override readonly name = 'BenchSkippedError'
  readonly hint: string

  constructor(parameters: { missing: string; hint: string }) {
    super(`skipped: ${parameters.missing} (${parameters.hint})`)
    this.hint = parameters.hint
  }
}
