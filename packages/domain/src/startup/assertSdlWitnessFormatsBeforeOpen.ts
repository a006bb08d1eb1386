// assertSdlWitnessFormats on the domain's database as it is, before the store opens it: opening
// migrates the database and records this release, after which the release that wrote it refuses
// it (STORE_SCHEMA_TOO_NEW). A start refused with SDL_WITNESS_FORMAT changes nothing, so either way
// its message offers stays open: `verity upgrade`, or settling the SDLs with the previous release.
import { existsSync } from 'node:fs'
import { basename } from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { POSTGRES_CONNECT_TIMEOUT_MS } from '@verity/postgres'
import { dataDirProofSystemState } from '@verity/prover'
import { domainDatabasePath } from '../store/openDomainStore.ts'
import { postgresSdlWitnessFormats } from '../store/postgres/PostgresDomainStore.ts'
import { sqliteSdlWitnessFormats } from '../store/sqlite/SqliteDomainStore.ts'
import type { SdlWitnessFormatRow } from '../store/sdlRows.ts'
import { assertSdlWitnessFormats } from './assertSdlWitnessFormats.ts'

/**
 * Throws SdlWitnessFormatError as assertSdlWitnessFormats does, reading the database that
 * openDomainStore would open with the same options, read only. Nothing to read (no file, no SDL
 * table yet, PostgreSQL unreachable) or a SQLite directory not of this proof system passes: the
 * store's open refuses those by name.
 */
export async function assertSdlWitnessFormatsBeforeOpen(options: { databaseUrl?: string | undefined; dataDir: string; shard: number }): Promise<void> {
  if (options.databaseUrl !== undefined) return await assertOnPostgres(options.databaseUrl, options.shard)
  const path = domainDatabasePath(options.dataDir)
  // A directory of another proof system (0.1.0 of ebc5c50) is refused by name when the store opens (DATA_DIR_PROOF_SYSTEM).
  if (!existsSync(path) || dataDirProofSystemState(options.dataDir, basename(path)).kind !== 'current') return
  const db = new Database(path, { readonly: true, fileMustExist: true })
  try {
    if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sdls'").get() === undefined) return
    await assertSdlWitnessFormats({ listSdlWitnessFormats: async (states, limit) => sqliteSdlWitnessFormats(db, states, limit) })
  } finally {
    db.close()
  }
}

async function assertOnPostgres(databaseUrl: string, shard: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS, application_name: 'verity domain start-up check' })
  client.on('error', () => undefined)
  try {
    await client.connect()
  } catch {
    return
  }
  try {
    const { rows } = await client.query<{ present: boolean }>("SELECT to_regclass('domain_sdls') IS NOT NULL AS present")
    if (rows[0]?.present !== true) return
    const query = async (sql: string, params: unknown[]) => (await client.query<SdlWitnessFormatRow>(sql, params)).rows
    await assertSdlWitnessFormats({ listSdlWitnessFormats: (states, limit) => postgresSdlWitnessFormats(query, shard, states, limit) })
  } finally {
    await client.end()
  }
}
