import type pg from 'pg'

/** One table copied into the backup schema, with its row count (the same in the copy and the original). */
export type BackedUpTable = { table: string; rows: number }

/**
 * Copies every table of the connection's current schema (`public` by default: where Verity's
 * services keep theirs) into a new schema `backupSchema` of the same database, in one transaction,
 * checking each copy's row count; nothing is copied when any of it fails. Restore a table with
 * `TRUNCATE t; INSERT INTO t SELECT * FROM <backup>.t` (docs/operations.md, "Upgrading").
 */
export async function backupPostgresTables(client: pg.ClientBase, backupSchema: string): Promise<BackedUpTable[]> {
  const schema = client.escapeIdentifier(backupSchema)
  await client.query('BEGIN')
  try {
    await client.query(`CREATE SCHEMA ${schema}`)
    const { rows: tables } = await client.query<{ name: string }>('SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename')
    const copied: BackedUpTable[] = []
    for (const { name } of tables) {
      const table = client.escapeIdentifier(name)
      await client.query(`CREATE TABLE ${schema}.${table} AS TABLE ${table}`)
      const count = async (from: string) => Number((await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${from}`)).rows[0]!.n)
      const rows = await count(table)
      if ((await count(`${schema}.${table}`)) !== rows) throw new Error(`the backup of table ${name} does not hold its ${rows} rows`)
      copied.push({ table: name, rows })
    }
    await client.query('COMMIT')
    return copied
  } catch (error) {
    await client.query('ROLLBACK')
    throw error
  }
}
