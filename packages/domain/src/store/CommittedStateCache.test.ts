import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { encodeStoredJson } from '@verity/postgres'
import { CommittedStateCache } from './CommittedStateCache.ts'
import { SqliteDomainStore } from './sqlite/SqliteDomainStore.ts'

/** A row reader over `rows` that counts the addresses it was asked for. */
function rowsOf<T>(rows: Map<string, T>) {
  const asked: string[] = []
  const read = (addresses: readonly string[]) => {
    asked.push(...addresses)
    return new Map(addresses.flatMap((address) => (rows.has(address) ? [[address, rows.get(address)!] as const] : [])))
  }
  return { asked, read }
}

describe('CommittedStateCache', () => {
  test('reads each address once, remembers absent ones, serves commits, and forgets on clear', () => {
    const cache = new CommittedStateCache(16)
    const rows = rowsOf(new Map([['a,1', { balance: 1n }]]))
    assert.deepEqual(cache.readVaults(['a,1', 'b,1', 'a,1'], rows.read), new Map([['a,1', { balance: 1n }]]))
    assert.deepEqual(cache.readVaults(['a,1', 'b,1'], rows.read), new Map([['a,1', { balance: 1n }]]))
    assert.deepEqual(rows.asked, ['a,1', 'b,1'], 'the second read is served from the cache, absence included')
    cache.committed(new Map([['b,1', { balance: 5n }]]), new Map([['b,1', 2n]]))
    assert.deepEqual(cache.readVaults(['b,1'], rows.read).get('b,1'), { balance: 5n })
    assert.equal(cache.readNonces(['b,1'], rowsOf(new Map<string, bigint>()).read).get('b,1'), 2n)
    cache.clear()
    cache.readVaults(['a,1'], rows.read)
    assert.deepEqual(rows.asked, ['a,1', 'b,1', 'a,1'], 'after clear the rows are read again')
  })

  test('cached vaults are frozen all the way down: a reader cannot change what the next one reads', () => {
    const cache = new CommittedStateCache(16)
    const vault = cache.readVaults(['a,1'], rowsOf(new Map([['a,1', { balance: 1n, data: { TokenHoldings: { fungibles: { t: 2n }, nfts: { c: [1n] } } } }]])).read).get('a,1') as {
      data: { TokenHoldings: { fungibles: Record<string, bigint>; nfts: Record<string, bigint[]> } }
    }
    assert.throws(() => (vault.data.TokenHoldings.fungibles.t = 3n), TypeError)
    assert.throws(() => vault.data.TokenHoldings.nfts.c!.push(2n), TypeError)
  })

  test('holds at most entriesMax addresses, dropping the oldest written', () => {
    const cache = new CommittedStateCache(2)
    cache.committed(new Map([['a,1', { n: 1 }], ['b,1', { n: 2 }], ['c,1', { n: 3 }]]), new Map())
    const rows = rowsOf(new Map([['a,1', { n: 1 }]]))
    cache.readVaults(['a,1', 'b,1', 'c,1'], rows.read)
    assert.deepEqual(rows.asked, ['a,1'])
  })
})

describe('SqliteDomainStore read cache', () => {
  test('serves only committed state: a failed commit and another connection’s commit are seen at the next read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verity-state-cache-'))
    const path = join(dir, 'domain.sqlite')
    try {
      const store = new SqliteDomainStore(path)
      await store.commitBatch({ vaults: new Map([['a,1', { balance: 1n, shard: 1 }]]), nonces: new Map([['a,1', 2n]]), pending: [] })
      assert.deepEqual((await store.readVaults(['a,1'])).get('a,1'), { balance: 1n, shard: 1 })

      const circular: Record<string, unknown> = {}
      circular.self = circular
      const failing = { vaults: new Map([['a,1', { balance: 9n, shard: 1 }]]), nonces: new Map([['a,1', 9n]]), pending: [{ kind: 'credit' as const, credit: circular }] }
      await assert.rejects(store.commitBatch(failing))
      assert.deepEqual((await store.readVaults(['a,1'])).get('a,1'), { balance: 1n, shard: 1 }, 'a rolled-back write is never served')
      assert.equal((await store.readNonces(['a,1'])).get('a,1'), 2n)

      const other = new Database(path)
      other.prepare('UPDATE vaults SET vault = ? WHERE address = ?').run(encodeStoredJson({ balance: 7n, shard: 1 }), 'a,1')
      other.prepare('INSERT INTO nonces (address, next_nonce) VALUES (?, ?) ON CONFLICT(address) DO UPDATE SET next_nonce = excluded.next_nonce').run('a,1', '5')
      other.close()
      assert.deepEqual((await store.readVaults(['a,1'])).get('a,1'), { balance: 7n, shard: 1 }, "another connection's commit empties the cache")
      assert.equal((await store.readNonces(['a,1'])).get('a,1'), 5n)
      await store.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
