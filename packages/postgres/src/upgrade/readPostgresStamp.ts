import type pg from 'pg'
import { releasesTableOf, type StoreRelease } from '../releases/storeReleases.ts'

/** What a service's PostgreSQL tables say about what wrote them: schema level (0: none) and the releases that opened them, oldest first. */
export type PostgresStamp = { schemaLevel: number; releases: StoreRelease[] }

/** Reads the stamp of the service whose migrations table is `migrationsTable`, changing nothing. */
export async function readPostgresStamp(client: pg.ClientBase, migrationsTable: string): Promise<PostgresStamp> {
  const releasesTable = releasesTableOf(migrationsTable)
  const exists = async (table: string) => (await client.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [table])).rows[0]?.found != null
  const level = (await exists(migrationsTable)) ? Number((await client.query<{ level: string | null }>(`SELECT max(version)::text AS level FROM ${migrationsTable}`)).rows[0]?.level ?? 0) : 0
  const releases = (await exists(releasesTable))
    ? (await client.query<StoreRelease>(`SELECT version, proof_system, first_opened_at_ms::float8 AS first_opened_at_ms, last_opened_at_ms::float8 AS last_opened_at_ms FROM ${releasesTable} ORDER BY first_opened_at_ms, version`)).rows
    : []
  return { schemaLevel: level, releases }
}

/** True when the service whose migrations table is `migrationsTable` has tables in this database. */
export async function hasPostgresService(client: pg.ClientBase, migrationsTable: string): Promise<boolean> {
  return (await client.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [migrationsTable])).rows[0]?.found != null
}
