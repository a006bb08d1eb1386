// Reads domain.yaml: the spec's keys (`shard`, `keypair`, `rpc_url`, `app.api_port`) and ours
// (`data_dir`, `database_url`, `proving_workers`, `guardrails`, `prover`, `credits_pull_interval_ms`, `app.api_host`,
// `tokens_file`, `signature_verify_workers`, `limits.rate_limit_max`, `limits.rate_limit_window_ms`, `mandates`).
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { parse } from 'yaml'
import { decodeBase58, InvalidOptionError } from '@verity/core'
import { proverLimits } from '@verity/prover'
import { readDatabaseUrl } from './readDatabaseUrl.ts'
import { parseSettlementConfig } from './parseSettlementConfig.ts'
import { parseMandatesConfig } from './parseMandatesConfig.ts'
import { API_PORT_DEFAULT, CREDITS_PULL_INTERVAL_MS, GUARDRAILS_MAX, SIGNATURE_VERIFY_WORKERS_MAX } from '../limits.ts'
import type { DomainConfig, GuardrailConfig } from './DomainConfig.ts'

type Raw = Record<string, unknown>

function isRecord(value: unknown): value is Raw {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** Reads and checks the YAML file at `path`; throws InvalidOptionError naming the bad key. */
export function loadDomainConfig(path: string): DomainConfig {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (cause) {
    throw new InvalidOptionError({ option: path, reason: `cannot read: ${(cause as Error).message}` })
  }
  let raw: unknown
  try {
    raw = parse(text)
  } catch (cause) {
    throw new InvalidOptionError({ option: path, reason: `not valid YAML: ${(cause as Error).message}` })
  }
  return parseDomainConfig(raw, { path, baseDir: dirname(resolve(path)) })
}

/** Checks an already parsed configuration object; relative paths resolve against `baseDir`. */
export function parseDomainConfig(raw: unknown, where: { path: string; baseDir: string }): DomainConfig {
  const fail = (reason: string): never => {
    throw new InvalidOptionError({ option: where.path, reason })
  }
  if (!isRecord(raw)) return fail('expected a mapping at the top level')
  const shard = raw.shard
  if (typeof shard !== 'number' || !Number.isSafeInteger(shard) || shard < 1) fail('`shard` must be an integer ≥ 1')
  if (typeof raw.keypair !== 'string' || raw.keypair === '') fail('`keypair` must be the path of the operator key file')
  if (raw.rpc_url !== undefined && raw.rpc_url !== null) {
    if (typeof raw.rpc_url !== 'string' || !/^https?:\/\//.test(raw.rpc_url)) fail('`rpc_url` must be an http(s) URL')
  }
  const app = raw.app === undefined ? {} : raw.app
  if (!isRecord(app)) return fail('`app` must be a mapping')
  const apiPort = app.api_port ?? API_PORT_DEFAULT
  if (typeof apiPort !== 'number' || !Number.isInteger(apiPort) || apiPort < 0 || apiPort > 65_535) fail('`app.api_port` must be a port number')
  // Loopback unless the operator says otherwise: a public bind also needs tokens (docs/security.md).
  const apiHost = app.api_host ?? '127.0.0.1'
  if (typeof apiHost !== 'string') fail('`app.api_host` must be a string')
  const dataDir = raw.data_dir ?? './data'
  if (typeof dataDir !== 'string') fail('`data_dir` must be a path')
  const interval = raw.credits_pull_interval_ms ?? CREDITS_PULL_INTERVAL_MS
  if (typeof interval !== 'number' || !Number.isInteger(interval) || interval < 10) fail('`credits_pull_interval_ms` must be an integer ≥ 10')
  const config: DomainConfig = {
    shard: shard as number,
    keypairPath: resolve(where.baseDir, raw.keypair as string),
    apiPort: apiPort as number,
    apiHost: apiHost as string,
    dataDir: resolve(where.baseDir, dataDir as string),
    guardrails: parseGuardrails(raw.guardrails, where.baseDir, fail),
    prover: parseProver(raw.prover, where.baseDir, fail),
    creditsPullIntervalMs: interval as number,
  }
  if (typeof raw.rpc_url === 'string') config.rpcUrl = raw.rpc_url
  const settlement = parseSettlementConfig(raw.settlement, where.baseDir, fail)
  if (settlement !== undefined) {
    if (config.rpcUrl !== undefined) fail('`rpc_url` (the base layer) and `settlement: { kind: evm }` exclude each other: keep one')
    config.settlement = settlement
  }
  if (raw.database_url !== undefined && raw.database_url !== null) {
    if (typeof raw.database_url !== 'string') fail('`database_url` must be a postgres:// URL')
    config.databaseUrl = readDatabaseUrl(raw.database_url as string, where.path)
  }
  if (raw.proving_workers !== undefined && raw.proving_workers !== null) {
    if (typeof raw.proving_workers !== 'boolean') fail('`proving_workers` must be true or false')
    config.provingWorkers = raw.proving_workers as boolean
  }
  if (raw.signature_verify_workers !== undefined && raw.signature_verify_workers !== null) {
    const workers = raw.signature_verify_workers
    if (typeof workers !== 'number' || !Number.isInteger(workers) || workers < 0 || workers > SIGNATURE_VERIFY_WORKERS_MAX)
      fail(`\`signature_verify_workers\` must be an integer from 0 to ${SIGNATURE_VERIFY_WORKERS_MAX}`)
    config.signatureVerifyWorkers = workers as number
  }
  if (raw.tokens_file !== undefined && raw.tokens_file !== null) {
    if (typeof raw.tokens_file !== 'string' || raw.tokens_file === '') fail('`tokens_file` must be the path of a tokens file')
    config.tokensFile = resolve(where.baseDir, raw.tokens_file as string)
  }
  for (const [key, field] of [['passkey_origins', 'passkeyOrigins'], ['passkey_rp_ids', 'passkeyRpIds']] as const) {
    const value = raw[key]
    if (value === undefined || value === null) continue
    if (!Array.isArray(value) || !value.every((entry) => typeof entry === 'string' && entry !== '')) fail(`\`${key}\` must be a list of non-empty strings`)
    config[field] = value as string[]
  }
  Object.assign(config, parseLimits(raw.limits, fail))
  if (raw.mandates !== undefined && raw.mandates !== null) config.mandates = parseMandatesConfig(raw.mandates, fail)
  // `keypair` may also hold the key itself (base58 of 32 bytes) instead of a file path.
  if (isInlineKey(raw.keypair as string)) config.keypairInline = raw.keypair as string
  return config
}

function isInlineKey(value: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{43,44}$/.test(value)) return false
  try {
    decodeBase58(value, 'keypair', 32)
    return true
  } catch {
    return false
  }
}

function parseGuardrails(value: unknown, baseDir: string, fail: (reason: string) => never): GuardrailConfig[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) return fail('`guardrails` must be a list of {name, template_file}')
  if (value.length > GUARDRAILS_MAX) fail(`at most ${GUARDRAILS_MAX} guardrails are supported, got ${value.length}`)
  const names = new Set<string>()
  return value.map((item, i) => {
    if (!isRecord(item) || typeof item.name !== 'string' || typeof item.template_file !== 'string') {
      return fail(`guardrails[${i}] must be {name: string, template_file: string}`)
    }
    if (names.has(item.name)) fail(`guardrails[${i}]: duplicate name ${item.name}`)
    if (item.intent !== undefined && !isRecord(item.intent)) fail(`guardrails[${i}].intent must be a mapping of intent field values`)
    names.add(item.name)
    return { name: item.name, templateFile: resolve(baseDir, item.template_file), intent: (item.intent as Raw | undefined) ?? {} }
  })
}

function parseLimits(value: unknown, fail: (reason: string) => never): Pick<DomainConfig, 'rateLimitMax' | 'rateLimitWindowMs'> {
  if (value === undefined || value === null) return {}
  if (!isRecord(value)) return fail('`limits` must be a mapping')
  const limits: Pick<DomainConfig, 'rateLimitMax' | 'rateLimitWindowMs'> = {}
  for (const [key, field] of [['rate_limit_max', 'rateLimitMax'], ['rate_limit_window_ms', 'rateLimitWindowMs']] as const) {
    const item = value[key]
    if (item === undefined) continue
    if (typeof item !== 'number' || !Number.isSafeInteger(item) || item < 1) fail(`\`limits.${key}\` must be an integer ≥ 1`)
    limits[field] = item as number
  }
  const unknown = Object.keys(value).filter((key) => key !== 'rate_limit_max' && key !== 'rate_limit_window_ms')
  if (unknown.length > 0) fail(`\`limits.${unknown[0]}\` is not a known limit (rate_limit_max, rate_limit_window_ms)`)
  return limits
}

function parseProver(value: unknown, baseDir: string, fail: (reason: string) => never): DomainConfig['prover'] {
  if (value === undefined || value === null) return {}
  if (!isRecord(value)) return fail('`prover` must be a mapping')
  const prover: DomainConfig['prover'] = {}
  if (value.crs_path !== undefined) {
    if (typeof value.crs_path !== 'string') fail('`prover.crs_path` must be a path')
    prover.crsPath = resolve(baseDir, value.crs_path as string)
  }
  if (value.threads !== undefined) {
    if (typeof value.threads !== 'number' || !Number.isInteger(value.threads) || value.threads < 1) fail('`prover.threads` must be an integer ≥ 1')
    prover.threads = value.threads as number
  }
  if (value.workers !== undefined) {
    if (typeof value.workers !== 'number' || !Number.isInteger(value.workers) || value.workers < 1 || value.workers > proverLimits.PROVER_WORKERS_MAX)
      fail(`\`prover.workers\` must be an integer from 1 to ${proverLimits.PROVER_WORKERS_MAX}`)
    prover.workers = value.workers as number
  }
  if (value.production !== undefined) {
    if (typeof value.production !== 'boolean') fail('`prover.production` must be true or false')
    prover.production = value.production as boolean
  }
  return prover
}
