import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer, formatAddress } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import { SqliteDomainStore } from '../store/sqlite/SqliteDomainStore.ts'
import { emptyChanges, prepareBatch, type ApplyBatchDeps } from './applyBatch.ts'

// A domain settling on an EVM chain cannot deliver credits to other shards: it refuses them at
// the door, before anything is debited (docs/settlement-evm.md).
const SHARD = 3
let dir: string
let store: SqliteDomainStore
const issuer = Ed25519Signer.generate()
const alice = Ed25519Signer.generate()
const token = formatAddress(issuer.ownerId, SHARD)

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verity-cross-shard-'))
  store = new SqliteDomainStore(join(dir, 'domain.sqlite'))
})
after(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
})

function batch(creditedShard: number) {
  const mint = signVerifiable(issuer, 'FungibleTokenMint', {
    new_nonce: 1n,
    shard: SHARD,
    operation: { Create: { metadata: { name: 'T', symbol: 'T' }, credited: [{ address: formatAddress(alice.ownerId, SHARD), amount: 10n }] } },
  })
  const transfer = signVerifiable(alice, 'DebitAllowance', {
    new_nonce: 1n,
    debited_shard: SHARD,
    credited: formatAddress(alice.ownerId, creditedShard),
    allowances: { [token]: { Fungible: 4n } },
  })
  return [mint, transfer].map(jsonValue)
}

test('with cross-shard credits off, a transfer to another shard is refused with its index; nothing is changed', async () => {
  const deps: ApplyBatchDeps = { store, shard: SHARD, guardrails: [], crossShardCredits: false }
  const changes = emptyChanges()
  await assert.rejects(prepareBatch(deps, batch(SHARD + 1), 'execute', changes), (error: Error & { code?: string; index?: number }) => {
    assert.equal(error.code, 'CROSS_SHARD_CREDIT_UNSUPPORTED')
    assert.equal(error.index, 1)
    assert.match(error.message, /does not deliver cross-shard credits/)
    return true
  })
  assert.equal(changes.records.length, 0)
  assert.equal(changes.vaults.size, 0)
  // The same batch within the shard is accepted.
  assert.equal(await prepareBatch(deps, batch(SHARD), 'execute', changes), 2)
})

test('with cross-shard credits on (the base layer delivers them), the transfer is accepted', async () => {
  const changes = emptyChanges()
  assert.equal(await prepareBatch({ store, shard: SHARD, guardrails: [] }, batch(SHARD + 1), 'execute', changes), 2)
})
