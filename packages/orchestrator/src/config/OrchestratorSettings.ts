/** Settings of a running orchestrator, read once at startup and passed down. */
export type OrchestratorSettings = {
  /** Port the service listens on; the default embedded extractor is at http://127.0.0.1:<port>/extractor. */
  port: number
  host: string
  /** Directory of the SQLite store (used when `databaseUrl` is not set). */
  dataDir: string
  /** `postgres://…` selects the PostgreSQL store shared by any number of instances; undefined: SQLite in `dataDir`. */
  databaseUrl: string | undefined
  intentTtlMs: number
  allowUnsignedIntents: boolean
  extractorTimeoutMs: number
  extractorReplyBytesMax: number
  jsonBodyBytesMax: number
  sseKeepAliveMs: number
  expirySweepIntervalMs: number
  jobConcurrency: number
  /** How long a job claim holds without renewal; a dead instance's jobs are reclaimed after it. */
  jobLeaseMs: number
  /** CRS file for the prover (undefined: the prover's default dev CRS). */
  crsPath: string | undefined
  /** Prover worker threads. */
  proverThreads: number
  logLevel: string
}
