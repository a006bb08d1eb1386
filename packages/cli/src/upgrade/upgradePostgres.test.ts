// verity upgrade --database-url (issue 46, item 3 on PostgreSQL): --dry-run rehearses in a
// transaction rolled back and changes nothing; the upgrade copies every table into a backup schema
// first, migrates, keeps every row, can run again; a database in use, a newer release's database and
// one without Verity's tables are refused unchanged.
import assert from 'node:assert/strict'
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import Database from 'better-sqlite3'
import pg from 'pg'
import { VERITY_VERSION } from '@verity/core'
import { DOMAIN_MIGRATIONS, DOMAIN_MIGRATIONS_TABLE, DOMAIN_POSTGRES_MIGRATION_LOCK_KEY } from '@verity/domain'
import { assertPostgresReachable, createTestDatabase, migratePostgres, readPostgresStamp, withClient, type TestDatabase } from '@verity/postgres'
import { SDL_WITNESS_FORMAT } from '@verity/prover'
import { runCliCaptured } from '../testing/runCliCaptured.ts'

let database: TestDatabase
before(async () => {
  database = await createTestDatabase()
})
after(async () => {
  await database?.drop()
})

const verity = (...args: string[]) => runCliCaptured('upgrade', '--database-url', database.url, ...args)

/** The schema, every table's rows and the domain's stamp: what a refused or rehearsed upgrade must leave as it was. */
async function snapshot(): Promise<string> {
  return withClient(database.url, async (client) => {
    const { rows: schemas } = await client.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'verity_backup_%' ORDER BY 1")
    const { rows: columns } = await client.query("SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1, 2")
    const vaults = await client.query('SELECT * FROM domain_vaults ORDER BY address')
    return JSON.stringify({ schemas, columns, vaults: vaults.rows, stamp: await readPostgresStamp(client, DOMAIN_MIGRATIONS_TABLE) })
  })
}

test('PostgreSQL is reachable (CI runs it; these tests fail without it, never skip)', async () => {
  await assertPostgresReachable()
})

test('verity upgrade --database-url: rehearsed with --dry-run, refused while in use, then backed up and migrated, and again', async () => {
  const empty = await verity()
  assert.equal(empty.code, 1)
  assert.match(empty.stderr, /^error: cannot upgrade postgres:\/\/.* it holds no table of a Verity service .*; nothing was changed/)

  // A domain as a release before this one left it: one migration short, no releases table, one vault.
  await withClient(database.url, async (client) => {
    await migratePostgres({ client, table: DOMAIN_MIGRATIONS_TABLE, lockKey: DOMAIN_POSTGRES_MIGRATION_LOCK_KEY, migrations: DOMAIN_MIGRATIONS.slice(0, -1), nowMs: 1, service: 'domain', proofSystem: 'ultrahonk-zk/bb5' })
    await client.query(`DROP TABLE ${DOMAIN_MIGRATIONS_TABLE}_releases`)
    await client.query("INSERT INTO domain_shards VALUES (1, 1, 'old', 1)")
    await client.query("INSERT INTO domain_vaults (shard, address, vault) VALUES (1, 'kept,1', '{\"balance\":7}')")
  })
  const old = await snapshot()
  const level = DOMAIN_MIGRATIONS.at(-1)!.version

  const dry = await verity('--dry-run')
  assert.equal(dry.code, 0, dry.stderr)
  assert.match(dry.stdout, /rehearsed in a transaction rolled back; nothing changed/)
  assert.match(dry.stdout, new RegExp(`domain {7}domain_migrations: schema ${level - 1} → ${level}; written by a release before 0\\.2\\.0 \\(none recorded\\)`))
  assert.equal(await snapshot(), old, 'a dry run changes nothing')

  const holder = new pg.Client({ connectionString: database.url, application_name: 'a running domain' })
  await holder.connect()
  const refused = await verity()
  await holder.end()
  assert.equal(refused.code, 1)
  assert.match(refused.stderr, /1 other session\(s\) are connected to it \(a running domain from .*\): stop every service using it first; nothing was changed/)
  assert.equal(await snapshot(), old)

  const done = await verity('--json')
  assert.equal(done.code, 0, done.stderr)
  const report = JSON.parse(done.stdout) as { backup_schema: string; backed_up: { table: string; rows: number }[] }
  assert.match(report.backup_schema, /^verity_backup_\d{17}_to_/)
  assert.deepEqual(report.backed_up.find((table) => table.table === 'domain_vaults'), { table: 'domain_vaults', rows: 1 })
  await withClient(database.url, async (client) => {
    const stamp = await readPostgresStamp(client, DOMAIN_MIGRATIONS_TABLE)
    assert.equal(stamp.schemaLevel, level)
    assert.deepEqual(stamp.releases.map((release) => [release.version, release.proof_system]), [[VERITY_VERSION, 'ultrahonk-zk/bb5']])
    assert.deepEqual((await client.query('SELECT address, vault FROM domain_vaults')).rows, [{ address: 'kept,1', vault: '{"balance":7}' }])
    const backup = client.escapeIdentifier(report.backup_schema)
    assert.equal(Number((await client.query(`SELECT max(version) AS level FROM ${backup}.domain_migrations`)).rows[0].level), level - 1, 'the backup is the database as it was')
    assert.equal((await client.query(`SELECT count(*)::int AS n FROM ${backup}.domain_vaults`)).rows[0].n, 1)
  })

  const again = await verity()
  assert.equal(again.code, 0, again.stderr)
  assert.match(again.stdout, new RegExp(`schema ${level} → ${level}; written by ${VERITY_VERSION.replaceAll('.', '\\.')} \\(ultrahonk-zk/bb5\\)`))
})

test('verity upgrade --database-url refuses a database a newer release wrote, naming it, and changes nothing (no backup)', async () => {
  await withClient(database.url, (client) => client.query(`INSERT INTO ${DOMAIN_MIGRATIONS_TABLE}_releases VALUES ('9.0.0', 'ultrahonk-zk/bb9', 1, 1)`))
  const before = await snapshot()
  for (const args of [['--dry-run'], []]) {
    const run = await verity(...args)
    assert.equal(run.code, 1)
    assert.match(run.stderr, /^error: the postgres domain store was written by Verity 9\.0\.0, newer than this /)
  }
  assert.equal(await snapshot(), before)
})

// Each supported earlier release's fixture: 0.1.0 of ebc5c50 (witnesses of no named layout, proofs of
// "ultrahonk") and 0.1.0 of 98593a9 (witnesses "sdl-batch-cache/2", proofs of Barretenberg 5).
for (const [name, proofSystem] of [['v0.1.0', 'ultrahonk'], ['v0.1.0-98593a9', 'ultrahonk-zk/bb5']] as const)
  test(`verity upgrade --database-url gives the unsettled SDLs of a domain of fixture ${name} today's witness (its SDLs, on PostgreSQL), or refuses one by name`, async () => {
    await upgradeFixtureSdlsOnPostgres(name, proofSystem)
  })

async function upgradeFixtureSdlsOnPostgres(name: string, proofSystem: string): Promise<void> {
  const legacy = await createTestDatabase()
  try {
    // The fixture's domain (a 0.1.0 release) as its PostgreSQL tables would hold it: schema 5, no releases, shard 1.
    // Read from a copy: opening the fixture itself would leave SQLite's -shm and -wal files beside it.
    const copy = join(mkdtempSync(join(tmpdir(), 'verity-upgrade-pg-010-')), 'domain.sqlite')
    copyFileSync(new URL(`./fixtures/${name}/data-dir/domain/domain.sqlite`, import.meta.url).pathname, copy)
    const fixture = new Database(copy, { readonly: true })
    const sdls = fixture.prepare('SELECT hash, seq, state_name, state, content, witness, proof, created_at_ms, updated_at_ms FROM sdls ORDER BY seq').all() as Record<string, unknown>[]
    const tree = (fixture.prepare("SELECT value FROM meta WHERE key = 'state_tree'").get() as { value: string }).value
    fixture.close()
    rmSync(join(copy, '..'), { recursive: true, force: true })
    const unsettled = sdls.find((sdl) => sdl.state_name === 'Submitted')!.hash as string
    await withClient(legacy.url, async (client) => {
      await migratePostgres({ client, table: DOMAIN_MIGRATIONS_TABLE, lockKey: DOMAIN_POSTGRES_MIGRATION_LOCK_KEY, migrations: DOMAIN_MIGRATIONS.slice(0, 5), nowMs: 1, service: 'domain', proofSystem })
      await client.query(`DROP TABLE ${DOMAIN_MIGRATIONS_TABLE}_releases`)
      for (const sdl of sdls)
        await client.query('INSERT INTO domain_sdls (shard, hash, seq, state_name, state, content, witness, proof, created_at_ms, updated_at_ms) VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8, $9)', [sdl.hash, sdl.seq, sdl.state_name, sdl.state, sdl.content, sdl.witness, sdl.proof, sdl.created_at_ms, sdl.updated_at_ms])
      await client.query("INSERT INTO domain_meta VALUES (1, 'state_tree', $1)", [tree])
    })
    const witnessOf = () => withClient(legacy.url, async (client) => (await client.query('SELECT state_name, witness FROM domain_sdls WHERE hash = $1', [unsettled])).rows[0] as { state_name: string; witness: string })
    const upgrade = (...args: string[]) => runCliCaptured('upgrade', '--database-url', legacy.url, ...args)
    const old = await witnessOf()

    await withClient(legacy.url, (client) => client.query("UPDATE domain_sdls SET state_name = 'ProofSubmitted' WHERE hash = $1", [unsettled]))
    const refused = await upgrade()
    assert.equal(refused.code, 1)
    assert.match(refused.stderr, new RegExp(`^error: SDL ${unsettled} of 0\\.1\\.0 is not applied on the base layer yet .*\\(ProofSubmitted\\).*nothing was changed`))
    await withClient(legacy.url, (client) => client.query("UPDATE domain_sdls SET state_name = 'Submitted' WHERE hash = $1", [unsettled]))

    const dry = await upgrade('--dry-run')
    assert.equal(dry.code, 0, dry.stderr)
    assert.match(dry.stdout, new RegExp(`SDL ${unsettled} of shard 1 \\(Submitted, not settled\\): witness rebuilt for this version's circuit`))
    assert.deepEqual(await witnessOf(), old, 'a dry run changes nothing')

    const done = await upgrade('--json')
    assert.equal(done.code, 0, done.stderr)
    const report = JSON.parse(done.stdout) as { backup_schema: string; sdl_conversion: string[] }
    assert.equal(report.sdl_conversion.length, 1)
    const converted = await witnessOf()
    assert.equal(converted.state_name, 'Submitted')
    assert.equal((JSON.parse(converted.witness) as { format: string }).format, SDL_WITNESS_FORMAT)
    await withClient(legacy.url, async (client) => {
      const backup = client.escapeIdentifier(report.backup_schema)
      assert.equal((await client.query(`SELECT witness FROM ${backup}.domain_sdls WHERE hash = $1`, [unsettled])).rows[0].witness, old.witness, 'the backup keeps the old witness')
    })
    const again = await upgrade()
    assert.equal(again.code, 0, again.stderr)
    assert.doesNotMatch(again.stdout, /witness rebuilt/, 'converted once')
  } finally {
    await legacy.drop()
  }
}
