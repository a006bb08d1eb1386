// A random workload of transfers (valid and invalid, in batches) over HTTP; afterwards, and
// again after a restart, every token's holdings sum to its mint's supply and every nonce is
// one more than the transactions its vault signed.
import { after, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer } from '@verity/core'
import { jsonValue, signVerifiable, type VerifiableType } from '@verity/ledger'
import { startTestDomain, type TestDomain } from './startTestDomain.ts'

const SHARD = 9

/** A small deterministic PRNG (mulberry32), so a failure reproduces. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

describe('conservation under a random workload', () => {
  let domain: TestDomain
  after(async () => domain?.cleanup())

  test('holdings sum to supply and nonces count applied transactions, before and after a restart', async () => {
    domain = await startTestDomain({ shard: SHARD })
    const next = random(20261122)
    const users = Array.from({ length: 8 }, () => Ed25519Signer.generate())
    const mints = [Ed25519Signer.generate(), Ed25519Signer.generate()]
    const tokens = mints.map((m) => domain.addressOf(m))
    const supply = new Map<string, bigint>()
    for (const [i, mintKey] of mints.entries()) {
      const credited = users.map((u) => ({ address: domain.addressOf(u), amount: BigInt(100 + i * 50) }))
      const mint = signVerifiable(mintKey, 'FungibleTokenMint', { new_nonce: 1n, shard: SHARD, operation: { Create: { metadata: { name: `T${i}`, symbol: `T${i}` }, credited } } })
      assert.equal((await domain.post('/intents/execute', [jsonValue(mint)])).status, 200)
      supply.set(tokens[i]!, credited.reduce((sum, c) => sum + c.amount, 0n))
    }
    const applied = new Map<string, bigint>()
    let accepted = 0
    let refused = 0
    for (let round = 0; round < 80; round++) {
      const size = 1 + Math.floor(next() * 5)
      const local = new Map(applied)
      const batch: VerifiableType[] = []
      for (let k = 0; k < size; k++) {
        const from = users[Math.floor(next() * users.length)]!
        const to = users[Math.floor(next() * users.length)]!
        const token = tokens[Math.floor(next() * tokens.length)]!
        const nonce = (local.get(from.ownerId) ?? 0n) + (next() < 0.05 ? 2n : 1n)
        local.set(from.ownerId, nonce)
        const amount = BigInt(Math.floor(next() * 70))
        batch.push(signVerifiable(from, 'DebitAllowance', { new_nonce: nonce, debited_shard: SHARD, credited: domain.addressOf(to), allowances: { [token]: { Fungible: amount } } }))
      }
      const response = await domain.post('/intents/execute', batch.map(jsonValue))
      if (response.status === 200) {
        accepted++
        for (const [owner, nonce] of local) applied.set(owner, nonce)
      } else {
        refused++
        assert.ok([400, 409].includes(response.status), JSON.stringify(response.body))
        assert.equal(typeof response.body.index, 'number')
      }
    }
    assert.ok(accepted > 0 && refused > 0, `a mixed workload (accepted ${accepted}, refused ${refused})`)

    const check = async () => {
      for (const token of tokens) {
        let sum = 0n
        for (const user of users) {
          const vault = await domain.get(`/vaults/${user.ownerId}`)
          sum += BigInt(vault.body.data.TokenHoldings.fungibles[token] ?? 0)
        }
        assert.equal(sum, supply.get(token), `holdings of ${token} sum to its supply`)
        const mintVault = await domain.get(`/vaults/${token.split(',')[0]}`)
        assert.equal(BigInt(mintVault.body.data.FungibleTokenMint.supply), supply.get(token))
      }
      for (const user of users) assert.equal(BigInt((await domain.get(`/vaults/${user.ownerId}/nonce`)).body), (applied.get(user.ownerId) ?? 0n) + 1n)
    }
    await check()
    // Bundling: the SDLs take every applied transaction (an SDL holds as many as the base layer
    // accepts proofs for, SDL_BATCH_PROOFS_MAX: the whole workload here; cutSdl.test.ts splits).
    const hashes: string[] = []
    for (let cut = 0; cut < 20; cut++) {
      const hash = (await domain.post('/sdls/submit')).body
      if (hash === null) break
      hashes.push(hash)
    }
    assert.ok(hashes.length >= 1, `the workload was bundled into ${hashes.length} SDLs`)
    assert.deepEqual((await domain.get('/sdls?limit=1000')).body, hashes.map((hash) => [hash, 'Submitted']))
    await domain.stop()
    domain = await startTestDomain({ shard: SHARD, dir: domain.dir })
    await check()
  })
})
