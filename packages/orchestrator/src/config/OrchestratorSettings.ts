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
  /** Tries of one extraction, the first included, while the extractor fails transiently (unreachable, time-out, 429/500/503/504). */
  extractorAttemptsMax: number
  /** Wait before the second try; doubles per try up to EXTRACTOR_RETRY_DELAY_MS_MAX. */
  extractorRetryDelayMs: number
  jsonBodyBytesMax: number
  sseKeepAliveMs: number
  expirySweepIntervalMs: number
  jobConcurrency: number
  /** How long a job claim holds without renewal; a dead instance's jobs are reclaimed after it. */
  jobLeaseMs: number
  /** Key file of the embedded extractor's attestations (created when missing); undefined: `<dataDir>/extractor-key.json`. */
  extractorKeyFile: string | undefined
  /** CRS file for the prover (undefined: the prover's default dev CRS). */
  crsPath: string | undefined
  /** Barretenberg threads of each prover worker; undefined: the machine's parallelism ÷ `proverWorkers` (a lone proof uses every core). */
  proverThreads: number | undefined
  /** Prover workers (one proof each at a time): concurrent proposals are proved on this many, FIFO. */
  proverWorkers: number
  logLevel: string
  /** A tokens file (docs/security.md): named tokens with scope admin or operator; undefined: none. */
  tokensFile: string | undefined
  /** The all-scopes token of VERITY_ADMIN_TOKEN (environment only: a flag would show in the process list). */
  adminToken: string | undefined
  /** Who may create templates (POST /templates): `open` (anyone, as the spec's clients expect) or `token` (operator or admin). */
  templateCreation: 'open' | 'token'
  /** Mutating requests one client address may send per window (429 beyond). */
  rateLimitMax: number
  rateLimitWindowMs: number
  /** Event streams (GET /events) one client address may hold at once (429 beyond); the total is sseSubscribersMax. */
  sseConnectionsPerClientMax: number
  /** Worker threads that verify the Ed25519 signatures of POST /intents off the event loop; 0 verifies inline. */
  signatureVerifyWorkers: number
  /** Event stream subscribers (GET /events) this instance holds at once (503 beyond); each holds one file descriptor. */
  sseSubscribersMax: number
  /** Proposals in `proving` at once; one more is refused with 503 PROOF_QUEUE_FULL. */
  jobBacklogMax: number
  /** Embedded extractor: storefront hosts it may fetch (exact names); undefined: any host, `[]`: no storefronts. */
  storefrontHostsAllowed: readonly string[] | undefined
  /** Embedded extractor: ports a storefront URL may name (default 80, 443). */
  storefrontPortsAllowed: readonly number[]
  /** Embedded extractor: non-public addresses it may fetch (CIDR, address, or address:port); default none (docs/security.md). */
  storefrontPrivateAddressesAllowed: readonly string[]
  /** WebAuthn origins accepted in passkey signatures of intents (empty: any; docs/signatures.md). */
  passkeyOrigins: readonly string[]
  /** WebAuthn RP ids accepted in passkey signatures of intents (empty: any). */
  passkeyRpIds: readonly string[]
  /** The URLs clients reach this orchestrator at (behind a proxy); agents sign proposals for their origin. Empty: this host and the loopback names on the port a request came in on. */
  publicUrls: readonly string[]
}
