// verity upgrade --database-url (issue 46, item 3 on PostgreSQL): the services' tables in one
// PostgreSQL database (base layer, domain, orchestrator) brought to this release. PostgreSQL's DDL is
// transactional, so the rehearsal applies every migration in one transaction and rolls it back; the
// backup is a copy of the schema's tables into a schema of their own in the same database.
import pg from 'pg'
import { BASE_LAYER_MIGRATIONS, BASE_LAYER_MIGRATIONS_TABLE, BASE_LAYER_POSTGRES_MIGRATION_LOCK_KEY } from '@verity/base-layer'
import { VERITY_VERSION } from '@verity/core'
import { DOMAIN_MIGRATIONS, DOMAIN_MIGRATIONS_TABLE, DOMAIN_POSTGRES_MIGRATION_LOCK_KEY, reproveLegacyPostgresSdls } from '@verity/domain'
import { ORCHESTRATOR_MIGRATIONS, ORCHESTRATOR_MIGRATIONS_TABLE, ORCHESTRATOR_POSTGRES_MIGRATION_LOCK_KEY } from '@verity/orchestrator'
import {
  backupPostgresTables,
  describeDatabaseUrl,
  hasPostgresService,
  migratePostgres,
  otherPostgresSessions,
  POSTGRES_CONNECT_TIMEOUT_MS,
  readPostgresStamp,
  rehearsePostgresMigrations,
  type BackedUpTable,
  type PostgresMigrationSet,
  type PostgresStamp,
} from '@verity/postgres'
import { PROOF_SYSTEM } from '@verity/prover'
import { UpgradeRefusedError } from './UpgradeRefusedError.ts'

/** The prefix of the schema each upgrade's backup is copied into: `<prefix><time>_to_<version>`. */
export const POSTGRES_BACKUP_SCHEMA_PREFIX = 'verity_backup_'

export type UpgradePostgresParameters = { databaseUrl: string; dryRun: boolean; nowMs?: number }

export type PostgresUpgradeStep = { service: string; table: string; before: PostgresStamp; after: PostgresStamp }

/** What the upgrade did besides migrating: the domain's unsettled SDLs of an earlier witness layout given today's (one line each). */
export type UpgradePostgresResult = { target: string; steps: PostgresUpgradeStep[]; conversion: string[]; backupSchema: string | undefined; backedUp: BackedUpTable[] }

function migrationSets(nowMs: number): PostgresMigrationSet[] {
  const common = { nowMs, proofSystem: PROOF_SYSTEM }
  return [
    { ...common, service: 'base layer', table: BASE_LAYER_MIGRATIONS_TABLE, lockKey: BASE_LAYER_POSTGRES_MIGRATION_LOCK_KEY, migrations: BASE_LAYER_MIGRATIONS },
    { ...common, service: 'orchestrator', table: ORCHESTRATOR_MIGRATIONS_TABLE, lockKey: ORCHESTRATOR_POSTGRES_MIGRATION_LOCK_KEY, migrations: ORCHESTRATOR_MIGRATIONS },
    { ...common, service: 'domain', table: DOMAIN_MIGRATIONS_TABLE, lockKey: DOMAIN_POSTGRES_MIGRATION_LOCK_KEY, migrations: DOMAIN_MIGRATIONS },
  ]
}

/**
 * Brings the Verity services' tables of the PostgreSQL database at `databaseUrl` to this release:
 * refused (UpgradeRefusedError, nothing changed) while another session is connected to the database
 * (a service still running) or when it holds no service's tables; rehearses every migration in one
 * rolled-back transaction (a newer release's database, STORE_WRITTEN_BY_NEWER_VERSION, and any
 * failing migration, an SDL that cannot be proven again: UPGRADE_SDL_NOT_REPROVABLE, show here,
 * unchanged); `dryRun` stops there. Then copies every table of the schema into
 * `verity_backup_<time>_to_<version>` (one transaction, row counts checked), then gives the domain's
 * unsettled SDLs of an earlier witness layout (0.1.0's) today's witness (one transaction), then
 * applies the migrations as the services do (each in its own transaction: a crash leaves each before
 * or after, and running it again finishes the rest, with a new backup first).
 */
export async function upgradePostgres(parameters: UpgradePostgresParameters): Promise<UpgradePostgresResult> {
  const target = describeDatabaseUrl(parameters.databaseUrl)
  const nowMs = parameters.nowMs ?? Date.now()
  const client = new pg.Client({ connectionString: parameters.databaseUrl, connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS, application_name: 'verity upgrade' })
  client.on('error', () => undefined)
  try {
    await client.connect()
  } catch (error) {
    throw new UpgradeRefusedError({ dataDir: target, reason: `the database cannot be reached (${(error as Error).message})` })
  }
  try {
    const others = await otherPostgresSessions(client)
    if (others.length > 0) throw new UpgradeRefusedError({ dataDir: target, reason: `${others.length} other session(s) are connected to it (${others.join(', ')}): stop every service using it first` })
    const sets: PostgresMigrationSet[] = []
    for (const set of migrationSets(nowMs)) if (await hasPostgresService(client, set.table)) sets.push(set)
    if (sets.length === 0) throw new UpgradeRefusedError({ dataDir: target, reason: 'it holds no table of a Verity service (base layer, domain, orchestrator)' })
    const before: PostgresStamp[] = []
    for (const set of sets) before.push(await readPostgresStamp(client, set.table))
    const convert = (connection: pg.ClientBase) => (sets.some((set) => set.service === 'domain') ? convertDomainSdls(connection, nowMs) : Promise.resolve([]))
    const { after, prepared: conversion } = await rehearsePostgresMigrations(client, sets, convert)
    const steps = sets.map((set, index) => ({ service: set.service, table: set.table, before: before[index]!, after: after[index]! }))
    if (parameters.dryRun) return { target, steps, conversion, backupSchema: undefined, backedUp: [] }
    const backupSchema = `${POSTGRES_BACKUP_SCHEMA_PREFIX}${new Date(nowMs).toISOString().replace(/\D/g, '').slice(0, 17)}_to_${VERITY_VERSION.replace(/\W/g, '_')}`
    const backedUp = await backupPostgresTables(client, backupSchema)
    await client.query('BEGIN')
    try {
      await convert(client)
      await client.query('COMMIT')
    } catch (error) {
      await client.query('ROLLBACK')
      throw error
    }
    for (const set of sets) await migratePostgres({ ...set, client })
    return { target, steps, conversion, backupSchema, backedUp }
  } finally {
    await client.end()
  }
}

/** The domain's unsettled SDLs of an earlier witness layout given today's witness (reproveLegacyPostgresSdls), as lines for the report. */
async function convertDomainSdls(client: pg.ClientBase, nowMs: number): Promise<string[]> {
  const reproved = await reproveLegacyPostgresSdls(client, nowMs)
  return reproved.map((sdl) => `SDL ${sdl.hash} of shard ${sdl.shard} (${sdl.stateBefore}, not settled): witness rebuilt for this version's circuit, now Submitted: prove and settle it`)
}
