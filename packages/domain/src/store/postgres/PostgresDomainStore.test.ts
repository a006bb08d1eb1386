import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { StoreSchemaTooNewError, StoreUnavailableError } from '@verity/postgres'
import { ShardLockedError, ShardLockLostError } from '../../errors/storeErrors.ts'
import { assertPostgresReachable, createTestDatabase, type TestDatabase } from '@verity/postgres'
import { describeStoreContract } from '../storeContract.ts'
import { PostgresDomainStore } from './PostgresDomainStore.ts'
import { DOMAIN_MIGRATIONS } from '../domainMigrations.ts'
import { shardLockKey } from './shardLock.ts'

let database: TestDatabase | undefined

test('PostgreSQL is reachable (CI runs it; these tests fail without it, never skip)', async () => {
  await assertPostgresReachable()
})

describeStoreContract({
  name: 'postgres',
  async setUp() {
    database = await createTestDatabase()
  },
  async openStore(shard) {
    return await PostgresDomainStore.open(database!.url, { shard })
  },
  async tearDown() {
    await database?.drop()
  },
})

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

describe('one sequencer per shard (PostgreSQL)', () => {
  let shared: TestDatabase
  before(async () => {
    shared = await createTestDatabase()
  })
  after(async () => {
    await shared?.drop()
  })

  test('a second store for the same shard refuses to open, naming the holder; another shard opens; after close it takes over', async () => {
    const first = await PostgresDomainStore.open(shared.url, { shard: 7 })
    try {
      await assert.rejects(PostgresDomainStore.open(shared.url, { shard: 7, lockWaitMs: 200 }), (error) => {
        assert.ok(error instanceof ShardLockedError)
        assert.equal(error.code, 'SHARD_LOCKED')
        assert.match(error.message, /^shard 7 is already sequenced by another domain process on postgres:\/\/postgres@127\.0\.0\.1:5432\/verity_test_\w+ \(held by verity-domain shard 7 on .+ pid \d+( from 127\.0\.0\.1)?, server pid \d+ since .+\): one sequencer per shard/)
        return true
      })
      const other = await PostgresDomainStore.open(shared.url, { shard: 8 })
      await other.close()
      await first.commitBatch({ vaults: new Map([['a,7', { balance: 5n }]]), nonces: new Map(), pending: [] })
    } finally {
      await first.close()
    }
    const next = await PostgresDomainStore.open(shared.url, { shard: 7 })
    try {
      assert.deepEqual((await next.readVaults(['a,7'])).get('a,7'), { balance: 5n })
    } finally {
      await next.close()
    }
  })

  test('a process starting while its predecessor is still going away waits for the lock', async () => {
    const leaving = await PostgresDomainStore.open(shared.url, { shard: 11 })
    const arriving = PostgresDomainStore.open(shared.url, { shard: 11, lockWaitMs: 60_000 })
    await sleep(300)
    await leaving.close()
    const store = await arriving
    await store.setMeta('k', 'v')
    await store.close()
  })

  test('a process whose lock session died and whose shard was taken over can no longer write (fencing)', async () => {
    const stale = await PostgresDomainStore.open(shared.url, { shard: 9 })
    const reasons: string[] = []
    stale.onShardLost((reason) => reasons.push(reason))
    const key = shardLockKey(9)
    // The server ends the stale process's lock session (as when its machine drops off the network).
    const terminated = await withClient(shared.url, async (client) => {
      const { rows } = await client.query<{ ended: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ended FROM pg_locks
          WHERE locktype = 'advisory' AND granted AND classid = $1::bigint::oid AND objid = $2::bigint::oid AND objsubid = 1`,
        [(key >> 32n).toString(), (key & 0xffff_ffffn).toString()],
      )
      return rows.length
    })
    assert.equal(terminated, 1)
    const successor = await PostgresDomainStore.open(shared.url, { shard: 9 })
    try {
      await assert.rejects(stale.commitBatch({ vaults: new Map([['a,9', { balance: 1n }]]), nonces: new Map(), pending: [] }), (error) => {
        assert.ok(error instanceof ShardLockLostError)
        assert.equal(error.code, 'SHARD_LOCK_LOST')
        return true
      })
      await assert.rejects(stale.setMeta('k', 'v'), ShardLockLostError)
      assert.equal(reasons.length, 1, 'told once')
      assert.match(stale.lostReason ?? '', /lock connection|took the shard over/)
      await successor.commitBatch({ vaults: new Map([['a,9', { balance: 2n }]]), nonces: new Map(), pending: [] })
      assert.deepEqual((await successor.readVaults(['a,9'])).get('a,9'), { balance: 2n })
    } finally {
      await stale.close()
      await successor.close()
    }
  })

  test('a write after the epoch moved on (a taker this process never heard of) writes nothing', async () => {
    const store = await PostgresDomainStore.open(shared.url, { shard: 10 })
    try {
      await store.setMeta('k', 'before')
      // As if another process had taken the shard while this one's lock session looked alive.
      await withClient(shared.url, (client) => client.query('UPDATE domain_shards SET epoch = epoch + 1 WHERE shard = $1', [10]))
      await assert.rejects(
        store.commitBatch({ vaults: new Map([['a,10', { balance: 1n }]]), nonces: new Map([['a,10', 2n]]), pending: [{ kind: 'credit', credit: {} }], meta: new Map([['k', 'after']]) }),
        ShardLockLostError,
      )
      assert.match(store.lostReason ?? '', /took the shard over/)
      assert.equal((await store.readVaults(['a,10'])).size, 0)
      assert.deepEqual(await store.listPending(10), [])
      assert.equal(await store.getMeta('k'), 'before')
    } finally {
      await store.close()
    }
  })

  test('a shard outside u32 is refused before connecting', async () => {
    await assert.rejects(PostgresDomainStore.open(shared.url, { shard: 2 ** 32 }), RangeError)
    await assert.rejects(PostgresDomainStore.open(shared.url, { shard: 0 }), RangeError)
  })
})

describe('PostgreSQL migrations', () => {
  let fresh: TestDatabase
  before(async () => {
    fresh = await createTestDatabase()
  })
  after(async () => {
    await fresh?.drop()
  })

  test('domains of several shards starting at once on an empty database apply each migration exactly once', async () => {
    const stores = await Promise.all([1, 2, 3].map((shard) => PostgresDomainStore.open(fresh.url, { shard })))
    await Promise.all(stores.map((store) => store.close()))
    await withClient(fresh.url, async (client) => {
      const { rows } = await client.query<{ version: number }>('SELECT version FROM domain_migrations ORDER BY version')
      assert.deepEqual(rows.map((row) => row.version), DOMAIN_MIGRATIONS.map((migration) => migration.version))
      // A database migrated by a newer build is refused rather than misread.
      await client.query('INSERT INTO domain_migrations (version, description, applied_at_ms) VALUES ($1, $2, $3)', [999, 'from the future', 0])
    })
    await assert.rejects(PostgresDomainStore.open(fresh.url, { shard: 1 }), (error) => {
      assert.ok(error instanceof StoreSchemaTooNewError)
      assert.match(error.message, new RegExp(`schema version 999, newer than ${DOMAIN_MIGRATIONS.length} `))
      return true
    })
  })

  test('an unreachable server is a StoreUnavailableError naming it, without the password', async () => {
    await assert.rejects(PostgresDomainStore.open('postgres://postgres:secret@127.0.0.1:1/verity', { shard: 1 }), (error) => {
      assert.ok(error instanceof StoreUnavailableError)
      assert.equal(error.code, 'STORE_UNAVAILABLE')
      assert.match(error.message, /postgres store at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/verity is unavailable/)
      assert.doesNotMatch(error.message, /secret/)
      return true
    })
  })
})
