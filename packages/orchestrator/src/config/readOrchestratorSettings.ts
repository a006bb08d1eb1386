import { ADMIN_TOKEN_ENV } from '@verity/server'
import { InvalidOptionError } from '@verity/core'
import { ORCHESTRATOR_APP_DEFAULTS } from '../http/buildOrchestratorApp.ts'
import type { OrchestratorSettings } from './OrchestratorSettings.ts'

/** Default data directory, relative to the working directory. */
export const DATA_DIR_DEFAULT = '.verity/orchestrator'

type OptionSpec = { key: keyof OrchestratorSettings; flag: string; env: string; kind: 'int' | 'duration' | 'bool' | 'string' | 'database-url' | 'template-creation' | 'list' | 'port-list' }

/** Every startup option: its flag, its VERITY_* variable and its kind. Flags win over variables. */
export const ORCHESTRATOR_OPTIONS: readonly OptionSpec[] = [
  { key: 'port', flag: '--port', env: 'VERITY_PORT', kind: 'int' },
  { key: 'host', flag: '--host', env: 'VERITY_HOST', kind: 'string' },
  { key: 'dataDir', flag: '--data-dir', env: 'VERITY_DATA_DIR', kind: 'string' },
  { key: 'databaseUrl', flag: '--database-url', env: 'VERITY_DATABASE_URL', kind: 'database-url' },
  { key: 'intentTtlMs', flag: '--intent-ttl', env: 'VERITY_INTENT_TTL', kind: 'duration' },
  { key: 'allowUnsignedIntents', flag: '--allow-unsigned-intents', env: 'VERITY_ALLOW_UNSIGNED_INTENTS', kind: 'bool' },
  { key: 'extractorTimeoutMs', flag: '--extractor-timeout', env: 'VERITY_EXTRACTOR_TIMEOUT', kind: 'duration' },
  { key: 'extractorReplyBytesMax', flag: '--extractor-reply-bytes-max', env: 'VERITY_EXTRACTOR_REPLY_BYTES_MAX', kind: 'int' },
  { key: 'extractorAttemptsMax', flag: '--extractor-attempts-max', env: 'VERITY_EXTRACTOR_ATTEMPTS_MAX', kind: 'int' },
  { key: 'extractorRetryDelayMs', flag: '--extractor-retry-delay', env: 'VERITY_EXTRACTOR_RETRY_DELAY', kind: 'duration' },
  { key: 'jsonBodyBytesMax', flag: '--body-bytes-max', env: 'VERITY_BODY_BYTES_MAX', kind: 'int' },
  { key: 'sseKeepAliveMs', flag: '--sse-keep-alive', env: 'VERITY_SSE_KEEP_ALIVE', kind: 'duration' },
  { key: 'expirySweepIntervalMs', flag: '--expiry-sweep-interval', env: 'VERITY_EXPIRY_SWEEP_INTERVAL', kind: 'duration' },
  { key: 'jobConcurrency', flag: '--job-concurrency', env: 'VERITY_JOB_CONCURRENCY', kind: 'int' },
  { key: 'jobLeaseMs', flag: '--job-lease', env: 'VERITY_JOB_LEASE', kind: 'duration' },
  { key: 'extractorKeyFile', flag: '--extractor-key-file', env: 'VERITY_EXTRACTOR_KEY_FILE', kind: 'string' },
  { key: 'crsPath', flag: '--crs-path', env: 'VERITY_CRS_PATH', kind: 'string' },
  { key: 'proverThreads', flag: '--prover-threads', env: 'VERITY_PROVER_THREADS', kind: 'int' },
  { key: 'proverWorkers', flag: '--prover-workers', env: 'VERITY_PROVER_WORKERS', kind: 'int' },
  { key: 'logLevel', flag: '--log-level', env: 'VERITY_LOG_LEVEL', kind: 'string' },
  { key: 'tokensFile', flag: '--tokens-file', env: 'VERITY_TOKENS_FILE', kind: 'string' },
  { key: 'templateCreation', flag: '--template-creation', env: 'VERITY_TEMPLATE_CREATION', kind: 'template-creation' },
  { key: 'rateLimitMax', flag: '--rate-limit-max', env: 'VERITY_RATE_LIMIT_MAX', kind: 'int' },
  { key: 'rateLimitWindowMs', flag: '--rate-limit-window', env: 'VERITY_RATE_LIMIT_WINDOW', kind: 'duration' },
  { key: 'sseConnectionsPerClientMax', flag: '--sse-connections-per-client-max', env: 'VERITY_SSE_CONNECTIONS_PER_CLIENT_MAX', kind: 'int' },
  { key: 'signatureVerifyWorkers', flag: '--signature-verify-workers', env: 'VERITY_SIGNATURE_VERIFY_WORKERS', kind: 'int' },
  { key: 'sseSubscribersMax', flag: '--sse-subscribers-max', env: 'VERITY_SSE_SUBSCRIBERS_MAX', kind: 'int' },
  { key: 'jobBacklogMax', flag: '--job-backlog-max', env: 'VERITY_JOB_BACKLOG_MAX', kind: 'int' },
  { key: 'storefrontHostsAllowed', flag: '--storefront-hosts-allowed', env: 'VERITY_STOREFRONT_HOSTS_ALLOWED', kind: 'list' },
  { key: 'storefrontPortsAllowed', flag: '--storefront-ports-allowed', env: 'VERITY_STOREFRONT_PORTS_ALLOWED', kind: 'port-list' },
  { key: 'storefrontPrivateAddressesAllowed', flag: '--storefront-private-addresses-allowed', env: 'VERITY_STOREFRONT_PRIVATE_ADDRESSES_ALLOWED', kind: 'list' },
  { key: 'passkeyOrigins', flag: '--passkey-origins', env: 'VERITY_PASSKEY_ORIGINS', kind: 'list' },
  { key: 'passkeyRpIds', flag: '--passkey-rp-ids', env: 'VERITY_PASSKEY_RP_IDS', kind: 'list' },
]

/** Defaults of the settings that are not app settings. */
export const ORCHESTRATOR_DEFAULTS: OrchestratorSettings = Object.freeze({
  ...ORCHESTRATOR_APP_DEFAULTS,
  host: '127.0.0.1',
  dataDir: DATA_DIR_DEFAULT,
  databaseUrl: undefined,
  crsPath: undefined,
  extractorKeyFile: undefined,
  proverThreads: 1,
  proverWorkers: 1,
})

/**
 * Reads the startup settings from flags (`--port 8080`, `--port=8080`, `--allow-unsigned-intents`)
 * and `VERITY_*` variables, over the defaults. Durations take `ms`, `s`, `m`, `h` suffixes (a bare
 * number is milliseconds). Throws InvalidOptionError for an unknown flag or a bad value.
 */
export function readOrchestratorSettings(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): OrchestratorSettings {
  const settings: Record<string, unknown> = { ...ORCHESTRATOR_DEFAULTS }
  for (const spec of ORCHESTRATOR_OPTIONS) {
    const value = env[spec.env]
    if (value !== undefined && value !== '') settings[spec.key] = parseOptionValue(spec, spec.env, value)
  }
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined]
    const spec = ORCHESTRATOR_OPTIONS.find((candidate) => candidate.flag === flag)
    if (spec === undefined) throw new InvalidOptionError({ option: arg, value: '', reason: 'unknown option' })
    let value = inline
    if (value === undefined) {
      const next = argv[i + 1]
      if (spec.kind === 'bool' && (next === undefined || next.startsWith('--'))) value = 'true'
      else if (next === undefined) throw new InvalidOptionError({ option: flag, value: '', reason: 'needs a value' })
      else {
        value = next
        i += 1
      }
    }
    settings[spec.key] = parseOptionValue(spec, flag, value)
  }
  // The admin token comes from the environment only (a flag would show in the process list).
  const adminToken = env[ADMIN_TOKEN_ENV]
  if (adminToken !== undefined && adminToken !== '') settings.adminToken = adminToken
  return settings as OrchestratorSettings
}

const DURATION_UNITS_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 }

function parseOptionValue(spec: OptionSpec, option: string, value: string): unknown {
  const reject = (reason: string) => new InvalidOptionError({ option, value, reason })
  switch (spec.kind) {
    case 'string':
      return value
    case 'list': // comma-separated; entries are checked by the embedded extractor at start
      return value.split(',').map((item) => item.trim()).filter((item) => item !== '')
    case 'port-list': {
      const ports = value.split(',').map((item) => item.trim())
      if (ports.some((port) => !/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65_535)) throw reject('expected ports 1-65535 separated by commas')
      return ports.map(Number)
    }
    case 'template-creation':
      if (value !== 'open' && value !== 'token') throw reject('expected open or token')
      return value
    case 'database-url':
      if (!/^postgres(ql)?:\/\//.test(value)) throw reject('expected a PostgreSQL URL postgres://user@host:port/database')
      return value
    case 'bool':
      if (['1', 'true', 'yes', 'on'].includes(value.toLowerCase())) return true
      if (['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false
      throw reject('expected true or false')
    case 'int': {
      if (!/^\d{1,15}$/.test(value)) throw reject('expected a non-negative integer')
      return Number(value)
    }
    case 'duration': {
      const match = /^(\d{1,15})(ms|s|m|h)?$/.exec(value)
      if (match === null) throw reject('expected a duration such as 500ms, 10s, 5m, 24h (bare numbers are ms)')
      const durationMs = Number(match[1]) * DURATION_UNITS_MS[match[2] ?? 'ms']!
      if (durationMs <= 0) throw reject('must be positive')
      return durationMs
    }
  }
}
