// With PostgreSQL a domain can restart on another machine with nothing lost: a domain in a child
// process acknowledges transfers and an SDL, is killed with SIGKILL, and a new domain process with
// another data directory (nothing shared but the database) carries on from the same state. While
// the first one runs, a second domain for the same shard refuses to start (one sequencer per shard).
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { Ed25519Signer, formatAddress } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import type { DomainConfig } from '../config/DomainConfig.ts'
import { ShardLockedError } from '../errors/storeErrors.ts'
import { startDomain } from '../startup/startDomain.ts'
import { decodeStoredJson } from '@verity/postgres'
import { assertPostgresReachable, createTestDatabase, type TestDatabase } from '@verity/postgres'
import { spawnDomainProcess, type DomainProcess } from './spawnDomainProcess.ts'
import { request, startTestDomain, type TestDomain } from './startTestDomain.ts'

const SHARD = 12

type SdlContentView = { sequence: number; previous_hash: string | null; root_before: string; root_after: string; transactions: unknown[] }

async function readSdlContent(databaseUrl: string, hash: string): Promise<SdlContentView> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ content: string }>('SELECT content FROM domain_sdls WHERE shard = $1 AND hash = $2', [SHARD, hash])
    return decodeStoredJson<SdlContentView>(rows[0]!.content)
  } finally {
    await client.end()
  }
}

test('PostgreSQL is reachable (CI runs it; these tests fail without it, never skip)', async () => {
  await assertPostgresReachable()
})

describe('PostgreSQL: restart on another machine', () => {
  let database: TestDatabase
  const dirs = [1, 2, 3].map(() => mkdtempSync(join(tmpdir(), 'verity-pg-restart-'))) as [string, string, string]
  let first: DomainProcess | undefined
  let restarted: TestDomain | undefined
  before(async () => {
    database = await createTestDatabase()
  })
  after(async () => {
    await restarted?.stop()
    await first?.killHard()
    await database?.drop()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  test('transfers, nonces, pending diffs and SDLs acknowledged before kill -9 are all there for a new process elsewhere', async () => {
    const [firstDir, secondDir, thirdDir] = dirs
    const operator = Ed25519Signer.generate()
    operator.toKeyFile(join(firstDir, 'operator_key.json'))
    const config: DomainConfig = {
      shard: SHARD,
      keypairPath: join(firstDir, 'operator_key.json'),
      apiPort: 0,
      apiHost: '127.0.0.1',
      dataDir: join(firstDir, 'data'),
      guardrails: [],
      prover: {},
      creditsPullIntervalMs: 0,
      databaseUrl: database.url,
    }
    first = await spawnDomainProcess(config)

    // One sequencer per shard: a second domain for shard 12 on this database refuses to start.
    operator.toKeyFile(join(thirdDir, 'operator_key.json'))
    await assert.rejects(
      startDomain({ config: { ...config, keypairPath: join(thirdDir, 'operator_key.json'), dataDir: join(thirdDir, 'data') }, env: {}, logLevel: 'silent' }),
      (error) => {
        assert.ok(error instanceof ShardLockedError)
        assert.match(error.message, /^shard 12 is already sequenced by another domain process on postgres:.*\(held by verity-domain shard 12 on /)
        return true
      },
    )

    const mintKey = Ed25519Signer.generate()
    const holder = Ed25519Signer.generate()
    const other = Ed25519Signer.generate()
    const token = formatAddress(mintKey.ownerId, SHARD)
    const transfer = (nonce: bigint, amount: bigint) =>
      jsonValue(
        signVerifiable(holder, 'DebitAllowance', { new_nonce: nonce, debited_shard: SHARD, credited: formatAddress(other.ownerId, SHARD), allowances: { [token]: { Fungible: amount } } }),
      )
    const mint = signVerifiable(mintKey, 'FungibleTokenMint', {
      new_nonce: 1n,
      shard: SHARD,
      operation: { Create: { metadata: { name: 'Moved', symbol: 'MOV' }, credited: [{ address: formatAddress(holder.ownerId, SHARD), amount: 77n }] } },
    })
    const url = first.url
    assert.equal((await request(`${url}/intents/execute`, 'POST', [jsonValue(mint), transfer(1n, 30n)])).status, 200)
    const firstHash = (await request(`${url}/sdls/submit`, 'POST')).body as string
    assert.equal(typeof firstHash, 'string')
    // Acknowledged, and left pending for the next SDL.
    assert.equal((await request(`${url}/intents/execute`, 'POST', [transfer(2n, 5n)])).status, 200)
    await first.killHard()

    restarted = await startTestDomain({ shard: SHARD, dir: secondDir, operator, databaseUrl: database.url })
    assert.equal(existsSync(join(firstDir, 'data', 'domain.sqlite')), false, 'the state was never on the first machine')
    assert.deepEqual((await restarted.get(`/vaults/${holder.ownerId}`)).body.data.TokenHoldings.fungibles, { [token]: 42 })
    assert.deepEqual((await restarted.get(`/vaults/${other.ownerId}`)).body.data.TokenHoldings.fungibles, { [token]: 35 })
    assert.equal((await restarted.get(`/vaults/${holder.ownerId}/nonce`)).body, 3)
    assert.equal((await restarted.get(`/vaults/${mintKey.ownerId}/nonce`)).body, 2)
    assert.deepEqual((await restarted.get('/sdls')).body, [[firstHash, 'Submitted']])
    // The nonce survived: a replay is refused, the next nonce accepted.
    assert.equal((await restarted.post('/intents/execute', [transfer(2n, 5n)])).status, 409)
    assert.equal((await restarted.post('/intents/execute', [transfer(3n, 1n)])).status, 200)

    // The pending transfers go into the next SDL, chained on the first one from the same state tree.
    const secondHash = (await restarted.post('/sdls/submit')).body as string
    assert.deepEqual((await restarted.get('/sdls')).body, [[firstHash, 'Submitted'], [secondHash, 'Submitted']])
    const [firstContent, secondContent] = [await readSdlContent(database.url, firstHash), await readSdlContent(database.url, secondHash)]
    assert.equal(firstContent.transactions.length, 2)
    assert.equal(secondContent.transactions.length, 2)
    assert.deepEqual([firstContent.sequence, secondContent.sequence], [1, 2])
    assert.equal(secondContent.previous_hash, firstHash)
    assert.equal(secondContent.root_before, firstContent.root_after)
    assert.equal((await restarted.post('/sdls/submit')).body, null)
  })
})
