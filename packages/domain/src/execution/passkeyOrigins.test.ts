import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { formatAddress, SoftwarePasskey } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import { SqliteDomainStore } from '../store/sqlite/SqliteDomainStore.ts'
import { emptyChanges, prepareBatch, type ApplyBatchDeps } from './applyBatch.ts'

// A domain told which web wallet its users sign in (passkey_origins, passkey_rp_ids) refuses a
// passkey signature made elsewhere, with the element's index (docs/signatures.md).
const SHARD = 4
let dir: string
let store: SqliteDomainStore
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'verity-passkey-origins-'))
  store = new SqliteDomainStore(join(dir, 'domain.sqlite'))
})
after(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
})

const holder = SoftwarePasskey.generate()
const mintBy = (signer: SoftwarePasskey) =>
  jsonValue(
    signVerifiable(signer, 'FungibleTokenMint', {
      new_nonce: 1n,
      shard: SHARD,
      operation: { Create: { metadata: { name: 'P', symbol: 'P' }, credited: [{ address: formatAddress(holder.ownerId, SHARD), amount: 1n }] } },
    }),
  )
const policyDeps: Omit<ApplyBatchDeps, 'store'> = { shard: SHARD, guardrails: [], passkeyPolicy: { origins: ['https://wallet.example'], rpIds: ['wallet.example'] } }

test('a passkey signature from the accepted origin and RP id is applied; one from a look-alike site is refused at its index', async () => {
  const wallet = SoftwarePasskey.generate({ rpId: 'wallet.example', origin: 'https://wallet.example' })
  const lookalike = SoftwarePasskey.generate({ rpId: 'wallet.example', origin: 'https://wallet-example.evil' })
  const changes = emptyChanges()
  await assert.rejects(prepareBatch({ ...policyDeps, store }, [mintBy(wallet), mintBy(lookalike)], 'execute', changes), (error: Error & { code?: string; index?: number }) => {
    assert.equal(error.code, 'INVALID_SIGNATURE')
    assert.equal(error.index, 1)
    assert.match(error.message, /not an accepted origin/)
    return true
  })
  assert.equal(changes.records.length, 0)
  assert.equal(await prepareBatch({ ...policyDeps, store }, [mintBy(wallet)], 'execute', changes), 1)
})
