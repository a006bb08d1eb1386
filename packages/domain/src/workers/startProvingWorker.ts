// A proving worker process for a domain whose domain.yaml says `proving_workers: true`: it reads
// the same configuration (shard, guardrails, prover settings), connects to the domain's PostgreSQL
// database and proves the SDLs the domain moves to Proving, sharing each SDL's batch proofs with
// the shard's other workers.
import { hostname } from 'node:os'
import { pino } from 'pino'
import { assertTemplateFitsCircuit, createCircuitProver, readCrs } from '@verity/prover'
import { settlementProofSystem } from '../settlement/settlementProofSystem.ts'
import type { DomainConfig } from '../config/DomainConfig.ts'
import { loadDomainConfig } from '../config/loadDomainConfig.ts'
import { selectDatabaseUrl } from '../config/selectDatabaseUrl.ts'
import { InvalidOptionError } from '@verity/core'
import { createGuardrailProver } from '../guardrails/createGuardrailProver.ts'
import { loadGuardrails } from '../guardrails/loadGuardrails.ts'
import { PROVING_LEASE_MS, PROVING_POLL_INTERVAL_MS } from '../limits.ts'
import { createSdlProver } from '../sdl/createSdlProver.ts'
import { PostgresProvingJobs } from '../store/postgres/PostgresProvingJobs.ts'
import { ProvingWorker } from './ProvingWorker.ts'

/** Parts a worker proves at once when `prover.workers` is unset: one per prover worker, and the prover's default is one (PROVER_WORKERS_DEFAULT). */
const PROVING_LANES_DEFAULT = 1

export type StartProvingWorkerOptions = {
  /** path of the domain's domain.yaml */
  configPath?: string
  /** the configuration itself (wins over configPath) */
  config?: DomainConfig
  /** the domain's PostgreSQL database; wins over VERITY_DATABASE_URL and `database_url` */
  databaseUrl?: string
  /** the prover's CRS (`--crs-path`); wins over `prover.crs_path` */
  crsPath?: string
  /** environment variables read at startup; default process.env */
  env?: Readonly<Record<string, string | undefined>>
  /** pino level; default env VERITY_LOG_LEVEL, else info */
  logLevel?: string
  /** lease per claimed part of an SDL: a batch proof, or its finishing part (default PROVING_LEASE_MS) */
  leaseMs?: number
  /** pause between looks for work (default PROVING_POLL_INTERVAL_MS) */
  pollIntervalMs?: number
}

export type RunningProvingWorker = { worker: ProvingWorker; holder: string; close(): Promise<void> }

/** Starts a proving worker for the configured shard; see docs/domain.md (Proving workers). */
export async function startProvingWorker(options: StartProvingWorkerOptions = {}): Promise<RunningProvingWorker> {
  const configPath = options.configPath ?? 'domain.yaml'
  const config = options.config ?? loadDomainConfig(configPath)
  const env = options.env ?? process.env
  const databaseUrl = selectDatabaseUrl({ option: options.databaseUrl, env, config: config.databaseUrl })
  if (databaseUrl === undefined) throw new InvalidOptionError({ option: configPath, reason: 'proving workers claim SDLs from PostgreSQL: set `database_url` (or --database-url / VERITY_DATABASE_URL)' })
  const log = pino({ level: options.logLevel ?? env.VERITY_LOG_LEVEL ?? 'info' })
  const guardrails = loadGuardrails(config.guardrails, assertTemplateFitsCircuit)
  const holder = `verity-prover shard ${config.shard} on ${hostname()} pid ${process.pid}`
  const lanes = config.prover.workers ?? PROVING_LANES_DEFAULT
  const crsPath = options.crsPath ?? config.prover.crsPath
  // Fail closed before the database is touched: a tampered CRS is refused here (CRS_INVALID).
  readCrs(crsPath)
  const jobs = await PostgresProvingJobs.open(databaseUrl, { shard: config.shard, holder, lanes })
  const circuits = createCircuitProver({ ...config.prover, ...(crsPath === undefined ? {} : { crsPath }), proofSystem: settlementProofSystem(config) })
  const prover = createSdlProver({ circuits, guardrails, guardrailProver: guardrails.length > 0 ? createGuardrailProver(circuits) : null })
  const worker = new ProvingWorker({
    jobs,
    prover,
    log,
    leaseMs: options.leaseMs ?? PROVING_LEASE_MS,
    pollIntervalMs: options.pollIntervalMs ?? PROVING_POLL_INTERVAL_MS,
    lanes,
  })
  worker.start()
  log.info({ shard: config.shard, holder }, 'proving worker started')
  return { worker, holder, close: () => worker.close() }
}
