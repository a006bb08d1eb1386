import type { ServiceOptions } from '@verity/server'
import { limits as extractorLimits } from '@verity/extractor'
import { RATE_LIMIT_MAX_DEFAULT, RATE_LIMIT_WINDOW_MS_DEFAULT } from '@verity/server'
import * as limits from '../limits.ts'

/** Default data directory, relative to the working directory. */
export const DATA_DIR_DEFAULT = '.verity/orchestrator'

// The old names each option had before one convention (docs/operations.md): a flag without its
// unit and a variable without the service. They still work, with a deprecation warning.
const was = (flag: string | undefined, env: string) => ({ ...(flag === undefined ? {} : { oldFlags: [flag] }), oldEnvs: [env] })

/**
 * Every start-up option of the orchestrator, by its key in OrchestratorSettings: flag
 * `--<flag>`, variable VERITY_ORCHESTRATOR_<FLAG> (readServiceOptions). Flags win over variables.
 * The admin token is VERITY_ADMIN_TOKEN only (ADMIN_TOKEN_ENV): a flag would show in the process list.
 */
export const ORCHESTRATOR_OPTIONS = {
  port: { flag: 'port', kind: 'integer', max: 65_535, defaultText: String(limits.PORT_DEFAULT), summary: 'HTTP port (0: any free port)', ...was(undefined, 'VERITY_PORT') },
  host: { flag: 'host', kind: 'string', defaultText: '127.0.0.1', summary: 'address to listen on (non-loopback needs tokens)', ...was(undefined, 'VERITY_HOST') },
  dataDir: { flag: 'data-dir', kind: 'string', defaultText: DATA_DIR_DEFAULT, summary: 'directory of the SQLite store', ...was(undefined, 'VERITY_DATA_DIR') },
  databaseUrl: { flag: 'database-url', kind: 'postgresUrl', summary: 'PostgreSQL store shared by any number of instances (instead of SQLite)', ...was(undefined, 'VERITY_DATABASE_URL') },
  intentTtlMs: { flag: 'intent-ttl-ms', kind: 'durationMs', min: 1, defaultText: `${limits.INTENT_TTL_MS_DEFAULT} (24 h)`, summary: 'an intent without a proposal expires this long after acceptance', ...was('intent-ttl', 'VERITY_INTENT_TTL') },
  allowUnsignedIntents: { flag: 'allow-unsigned-intents', kind: 'boolean', defaultText: 'false', summary: 'accept shape-B intents with authorship `Unsigned`', ...was(undefined, 'VERITY_ALLOW_UNSIGNED_INTENTS') },
  extractorTimeoutMs: { flag: 'extractor-timeout-ms', kind: 'durationMs', min: 1, defaultText: String(limits.EXTRACTOR_TIMEOUT_MS_DEFAULT), summary: 'time-out of one evidence extractor call', ...was('extractor-timeout', 'VERITY_EXTRACTOR_TIMEOUT') },
  extractorReplyBytesMax: { flag: 'extractor-reply-bytes-max', kind: 'integer', min: 1, defaultText: String(limits.EXTRACTOR_REPLY_BYTES_MAX), summary: 'largest extractor reply read (reading stops there)', ...was(undefined, 'VERITY_EXTRACTOR_REPLY_BYTES_MAX') },
  extractorAttemptsMax: { flag: 'extractor-attempts-max', kind: 'integer', min: 1, defaultText: String(limits.EXTRACTOR_ATTEMPTS_MAX_DEFAULT), summary: 'tries of one extraction while the extractor fails transiently', ...was(undefined, 'VERITY_EXTRACTOR_ATTEMPTS_MAX') },
  extractorRetryDelayMs: { flag: 'extractor-retry-delay-ms', kind: 'durationMs', min: 1, defaultText: String(limits.EXTRACTOR_RETRY_DELAY_MS_DEFAULT), summary: 'wait before the second try (doubles per try)', ...was('extractor-retry-delay', 'VERITY_EXTRACTOR_RETRY_DELAY') },
  jsonBodyBytesMax: { flag: 'body-bytes-max', kind: 'integer', min: 1, defaultText: String(limits.JSON_BODY_BYTES_MAX_DEFAULT), summary: 'largest JSON request body (413 above)', ...was(undefined, 'VERITY_BODY_BYTES_MAX') },
  sseKeepAliveMs: { flag: 'sse-keep-alive-ms', kind: 'durationMs', min: 1, defaultText: String(limits.SSE_KEEP_ALIVE_MS_DEFAULT), summary: 'keep-alive comment interval of event streams', ...was('sse-keep-alive', 'VERITY_SSE_KEEP_ALIVE') },
  expirySweepIntervalMs: { flag: 'expiry-sweep-interval-ms', kind: 'durationMs', min: 1, defaultText: String(limits.EXPIRY_SWEEP_INTERVAL_MS_DEFAULT), summary: 'how often expired intents are swept', ...was('expiry-sweep-interval', 'VERITY_EXPIRY_SWEEP_INTERVAL') },
  jobConcurrency: { flag: 'job-concurrency', kind: 'integer', min: 1, defaultText: String(limits.JOB_CONCURRENCY_DEFAULT), summary: 'proposal jobs run at once', ...was(undefined, 'VERITY_JOB_CONCURRENCY') },
  jobLeaseMs: { flag: 'job-lease-ms', kind: 'durationMs', min: 1, defaultText: String(limits.JOB_LEASE_MS_DEFAULT), summary: "how long a job claim holds without renewal (a dead instance's jobs are reclaimed after it)", ...was('job-lease', 'VERITY_JOB_LEASE') },
  extractorKeyFile: { flag: 'extractor-key-file', kind: 'string', defaultText: '`<data-dir>/extractor-key.json`', summary: "key file of the embedded extractor's attestations (created when missing)", ...was(undefined, 'VERITY_EXTRACTOR_KEY_FILE') },
  crsPath: { flag: 'crs-path', kind: 'string', defaultText: 'the committed Ignition prefix', summary: 'Ignition CRS directory of the prover (same files, checked by SHA-256)', ...was(undefined, 'VERITY_CRS_PATH') },
  proverThreads: { flag: 'prover-threads', kind: 'integer', min: 1, defaultText: 'cores ÷ workers', summary: 'Barretenberg threads of each prover worker', ...was(undefined, 'VERITY_PROVER_THREADS') },
  proverWorkers: { flag: 'prover-workers', kind: 'integer', min: 1, defaultText: '1', summary: 'prover workers (one proof each at a time)', ...was(undefined, 'VERITY_PROVER_WORKERS') },
  logLevel: { flag: 'log-level', kind: 'string', defaultText: 'info', summary: 'pino log level', sharedEnv: 'VERITY_LOG_LEVEL' },
  tokensFile: { flag: 'tokens-file', kind: 'string', summary: 'operator tokens file (docs/security.md)', ...was(undefined, 'VERITY_TOKENS_FILE') },
  templateCreation: { flag: 'template-creation', kind: 'choice', choices: ['open', 'token'], defaultText: 'open', summary: 'who may POST /templates: anyone, or operator tokens', ...was(undefined, 'VERITY_TEMPLATE_CREATION') },
  rateLimitMax: { flag: 'rate-limit-max', kind: 'integer', min: 1, defaultText: String(RATE_LIMIT_MAX_DEFAULT), summary: 'mutating requests one client address may send per window (429 beyond)', ...was(undefined, 'VERITY_RATE_LIMIT_MAX') },
  rateLimitWindowMs: { flag: 'rate-limit-window-ms', kind: 'durationMs', min: 1, defaultText: String(RATE_LIMIT_WINDOW_MS_DEFAULT), summary: 'the rate-limit window', ...was('rate-limit-window', 'VERITY_RATE_LIMIT_WINDOW') },
  sseConnectionsPerClientMax: { flag: 'sse-connections-per-client-max', kind: 'integer', min: 1, defaultText: String(limits.SSE_CONNECTIONS_PER_CLIENT_MAX_DEFAULT), summary: 'event streams one client address may hold (429 beyond)', ...was(undefined, 'VERITY_SSE_CONNECTIONS_PER_CLIENT_MAX') },
  signatureVerifyWorkers: { flag: 'signature-verify-workers', kind: 'integer', max: limits.SIGNATURE_VERIFY_WORKERS_MAX, defaultText: String(limits.SIGNATURE_VERIFY_WORKERS_DEFAULT), summary: 'threads verifying intent signatures (0: inline)', ...was(undefined, 'VERITY_SIGNATURE_VERIFY_WORKERS') },
  sseSubscribersMax: { flag: 'sse-subscribers-max', kind: 'integer', min: 1, defaultText: String(limits.SSE_SUBSCRIBERS_MAX_DEFAULT), summary: 'event-stream subscribers of this instance (503 beyond)', ...was(undefined, 'VERITY_SSE_SUBSCRIBERS_MAX') },
  jobBacklogMax: { flag: 'job-backlog-max', kind: 'integer', min: 1, defaultText: String(limits.JOB_BACKLOG_MAX), summary: 'proposals in `proving` at once (503 PROOF_QUEUE_FULL beyond)', ...was(undefined, 'VERITY_JOB_BACKLOG_MAX') },
  storefrontHostsAllowed: { flag: 'storefront-hosts-allowed', kind: 'list', defaultText: 'any', summary: 'embedded extractor: storefront hosts it may fetch (comma-separated)', ...was(undefined, 'VERITY_STOREFRONT_HOSTS_ALLOWED') },
  storefrontPortsAllowed: { flag: 'storefront-ports-allowed', kind: 'portList', defaultText: extractorLimits.STOREFRONT_PORTS_ALLOWED_DEFAULT.join(','), summary: 'embedded extractor: ports a storefront URL may name', ...was(undefined, 'VERITY_STOREFRONT_PORTS_ALLOWED') },
  storefrontPrivateAddressesAllowed: { flag: 'storefront-private-addresses-allowed', kind: 'list', defaultText: 'none', summary: 'embedded extractor: non-public addresses it may fetch (CIDR, address, address:port)', ...was(undefined, 'VERITY_STOREFRONT_PRIVATE_ADDRESSES_ALLOWED') },
  passkeyOrigins: { flag: 'passkey-origins', kind: 'list', defaultText: 'any', summary: 'WebAuthn origins accepted in passkey signatures', ...was(undefined, 'VERITY_PASSKEY_ORIGINS') },
  passkeyRpIds: { flag: 'passkey-rp-ids', kind: 'list', defaultText: 'any', summary: 'WebAuthn RP ids accepted in passkey signatures', ...was(undefined, 'VERITY_PASSKEY_RP_IDS') },
  publicUrls: { flag: 'public-urls', kind: 'list', defaultText: 'http://<host>:<port> and the loopback names', summary: "URLs clients reach this orchestrator at; an agent's proposal signature must name one's origin" },
} as const satisfies ServiceOptions
