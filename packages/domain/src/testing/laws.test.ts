// Every global law broken once over real HTTP, nonce replay, atomic rollback, NFT collections,
// passkey and multisig vaults, caller-computed diffs, request limits.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { canonicalJsonBytes, Ed25519Signer, MultisigSigner, SoftwarePasskey, type Signer } from '@verity/core'
import { debitAllowanceDiffs, jsonValue, signVerifiable, type VerifiableType } from '@verity/ledger'
import { startTestDomain, type TestDomain } from './startTestDomain.ts'

const SHARD = 7

describe('global laws, batches and signers over HTTP', () => {
  let domain: TestDomain
  let mintKey: Ed25519Signer
  let alice: Ed25519Signer
  let token: string
  const nonces = new Map<string, bigint>()
  const nextNonce = (signer: Signer) => {
    const n = (nonces.get(signer.ownerId) ?? 0n) + 1n
    nonces.set(signer.ownerId, n)
    return n
  }
  const execute = (...vs: VerifiableType[]) => domain.post('/intents/execute', vs.map(jsonValue))
  const debit = (signer: Signer, to: string, allowances: Record<string, { Fungible: bigint } | { NonFungible: bigint[] }>, nonce = nextNonce(signer), shard = SHARD) =>
    signVerifiable(signer, 'DebitAllowance', { new_nonce: nonce, debited_shard: shard, credited: to, allowances })
  const fungible = async (signer: Signer) => {
    const vault = await domain.get(`/vaults/${signer.ownerId}`)
    return vault.status === 404 ? 0 : (vault.body.data?.TokenHoldings?.fungibles?.[token] ?? 0)
  }

  before(async () => {
    domain = await startTestDomain({ shard: SHARD })
    mintKey = Ed25519Signer.generate()
    alice = Ed25519Signer.generate()
    token = domain.addressOf(mintKey)
    const mint = signVerifiable(mintKey, 'FungibleTokenMint', {
      new_nonce: nextNonce(mintKey),
      shard: SHARD,
      operation: { Create: { metadata: { name: 'Law token', symbol: 'LAW' }, credited: [{ address: domain.addressOf(alice), amount: 1_000n }] } },
    })
    const response = await execute(mint)
    assert.equal(response.status, 200, JSON.stringify(response.body))
  })
  after(async () => domain.cleanup())

  test('a bad signature is refused (400 INVALID_SIGNATURE)', async () => {
    const v = debit(alice, domain.addressOf(mintKey), { [token]: { Fungible: 1n } }, 1n) as any
    v.DebitAllowance.payload.content.allowances[token].Fungible = 2n
    const response = await execute(v)
    assert.equal(response.status, 400)
    assert.equal(response.body.code, 'INVALID_SIGNATURE')
    assert.equal(response.body.index, 0)
  })

  test('a debit on another shard is refused (400 WRONG_SHARD)', async () => {
    const response = await execute(debit(alice, domain.addressOf(mintKey), { [token]: { Fungible: 1n } }, 1n, SHARD + 1))
    assert.equal(response.status, 400)
    assert.equal(response.body.code, 'WRONG_SHARD')
  })

  test('a mint on another shard is refused (400 WRONG_SHARD)', async () => {
    const other = Ed25519Signer.generate()
    const response = await execute(
      signVerifiable(other, 'FungibleTokenMint', { new_nonce: 1n, shard: SHARD + 1, operation: { Create: { metadata: { name: 'x', symbol: 'X' }, credited: [{ address: domain.addressOf(alice), amount: 1n }] } } }),
    )
    assert.equal(response.status, 400)
    assert.equal(response.body.code, 'WRONG_SHARD')
  })

  test('an overdraft is refused (400 OVERDRAFT) and the balance is unchanged', async () => {
    const response = await execute(debit(alice, domain.addressOf(mintKey), { [token]: { Fungible: 1_001n } }, 1n))
    assert.equal(response.status, 400)
    assert.equal(response.body.code, 'OVERDRAFT')
    assert.equal(await fungible(alice), 1_000)
    const native = await execute(debit(alice, domain.addressOf(mintKey), { native: { Fungible: 1n } }, 1n))
    assert.equal(native.body.code, 'OVERDRAFT')
  })

  test('a new mint with zero supply is refused (400 ZERO_SUPPLY_MINT)', async () => {
    const other = Ed25519Signer.generate()
    const response = await execute(
      signVerifiable(other, 'FungibleTokenMint', { new_nonce: 1n, shard: SHARD, operation: { Create: { metadata: { name: 'z', symbol: 'Z' }, credited: [{ address: domain.addressOf(alice), amount: 0n }] } } }),
    )
    assert.equal(response.status, 400)
    assert.equal(response.body.code, 'ZERO_SUPPLY_MINT')
  })

  test('a vault is never both a mint and a holder (400 MINT_HOLDER_CONFLICT)', async () => {
    // alice holds tokens: she cannot become a mint
    const response = await execute(
      signVerifiable(alice, 'FungibleTokenMint', { new_nonce: 1n, shard: SHARD, operation: { Create: { metadata: { name: 'a', symbol: 'A' }, credited: [{ address: domain.addressOf(mintKey), amount: 5n }] } } }),
    )
    assert.equal(response.status, 400)
    assert.ok(['MINT_HOLDER_CONFLICT', 'MINT_EXISTS'].includes(response.body.code), JSON.stringify(response.body))
    // and a mint vault cannot receive holdings
    const credit = await execute(debit(alice, domain.addressOf(mintKey), { [token]: { Fungible: 1n } }, 1n))
    assert.equal(credit.status, 400)
    assert.equal(credit.body.code, 'MINT_HOLDER_CONFLICT')
  })

  test('NFT collection: create, mint more, transfer; an NFT not held cannot be debited (400 NFT_NOT_HELD)', async () => {
    const artist = Ed25519Signer.generate()
    const bob = Ed25519Signer.generate()
    const collection = domain.addressOf(artist)
    const meta = (name: string) => ({ name, description: `the ${name}`, attributes: { uri: `https://example.com/${name}` } })
    const create = signVerifiable(artist, 'NftMint', {
      new_nonce: 1n,
      shard: SHARD,
      operation: { Create: { collection: meta('Apes'), credited: [{ address: domain.addressOf(alice), nfts: [{ id: 1n, metadata: meta('one') }, { id: 2n, metadata: meta('two') }] }] } },
    })
    const more = signVerifiable(artist, 'NftMint', {
      new_nonce: 2n,
      shard: SHARD,
      operation: { IncreaseSupply: { credited: [{ address: domain.addressOf(bob), nfts: [{ id: 3n, metadata: meta('three') }] }] } },
    })
    assert.equal((await execute(create, more)).status, 200)
    const transfer = debit(alice, domain.addressOf(bob), { [collection]: { NonFungible: [1n] } })
    const moved = await execute(transfer)
    assert.equal(moved.status, 200, JSON.stringify(moved.body))
    const bobVault = await domain.get(`/vaults/${bob.ownerId}`)
    assert.deepEqual(bobVault.body.data.TokenHoldings.nfts[collection], [1, 3])
    const aliceVault = await domain.get(`/vaults/${alice.ownerId}`)
    assert.deepEqual(aliceVault.body.data.TokenHoldings.nfts[collection], [2])
    const artistVault = await domain.get(`/vaults/${artist.ownerId}`)
    assert.deepEqual(Object.keys(artistVault.body.data.NftMint.collection.supply).sort(), ['1', '2', '3'])
    const notHeld = await execute(debit(alice, domain.addressOf(bob), { [collection]: { NonFungible: [1n] } }, nonces.get(alice.ownerId)! + 1n))
    assert.equal(notHeld.status, 400)
    assert.equal(notHeld.body.code, 'NFT_NOT_HELD')
  })

  test('a replayed nonce is a conflict (409 NONCE_MISMATCH)', async () => {
    const bob = Ed25519Signer.generate()
    const first = debit(alice, domain.addressOf(bob), { [token]: { Fungible: 10n } })
    assert.equal((await execute(first)).status, 200)
    const replay = await execute(first)
    assert.equal(replay.status, 409)
    assert.equal(replay.body.code, 'NONCE_MISMATCH')
    assert.equal(replay.body.index, 0)
    const gap = await execute(debit(alice, domain.addressOf(bob), { [token]: { Fungible: 1n } }, nonces.get(alice.ownerId)! + 5n))
    assert.equal(gap.status, 409)
  })

  test('a batch is atomic: one bad element rolls back the whole batch', async () => {
    const carol = Ed25519Signer.generate()
    const before = await fungible(alice)
    const nonceBefore = (await domain.get(`/vaults/${alice.ownerId}/nonce`)).body
    const good = debit(alice, domain.addressOf(carol), { [token]: { Fungible: 5n } })
    const good2 = debit(alice, domain.addressOf(carol), { [token]: { Fungible: 5n } })
    const bad = debit(alice, domain.addressOf(carol), { [token]: { Fungible: 1_000_000n } })
    const response = await execute(good, good2, bad)
    assert.equal(response.status, 400)
    assert.equal(response.body.index, 2)
    assert.equal(response.body.code, 'OVERDRAFT')
    assert.equal(await fungible(alice), before)
    assert.equal((await domain.get(`/vaults/${carol.ownerId}`)).status, 404)
    assert.equal((await domain.get(`/vaults/${alice.ownerId}/nonce`)).body, nonceBefore)
    // the same nonces are still free: the first two apply once the bad one is gone
    assert.equal((await execute(good, good2)).status, 200)
    assert.equal(await fungible(carol), 10)
    nonces.set(alice.ownerId, nonces.get(alice.ownerId)! - 1n)
  })

  test('passkey- and multisig-owned vaults receive and spend', async () => {
    const passkey = SoftwarePasskey.generate()
    const m1 = Ed25519Signer.generate()
    const m2 = SoftwarePasskey.generate()
    const m3 = Ed25519Signer.generate()
    const multisig = new MultisigSigner({ members: [{ signer: m1, weight: 1 }, { signer: m2, weight: 1 }, { signer: m3, weight: 1 }], threshold: 2 })
    const fund = await execute(debit(alice, domain.addressOf(passkey), { [token]: { Fungible: 20n } }), debit(alice, domain.addressOf(multisig), { [token]: { Fungible: 20n } }))
    assert.equal(fund.status, 200, JSON.stringify(fund.body))
    const fromPasskey = await execute(debit(passkey, domain.addressOf(alice), { [token]: { Fungible: 7n } }))
    assert.equal(fromPasskey.status, 200, JSON.stringify(fromPasskey.body))
    assert.equal(await fungible(passkey), 13)
    // two of three members sign
    const content = { new_nonce: 1n, debited_shard: SHARD, credited: domain.addressOf(alice), allowances: { [token]: { Fungible: 4n } } }
    const payload = { content, auxiliary: [] as number[] }
    const signature = multisig.signWith(canonicalJsonBytes(jsonValue(payload), 'payload'), [0, 1])
    const fromMultisig = await execute({ DebitAllowance: { payload, signature } } as VerifiableType)
    assert.equal(fromMultisig.status, 200, JSON.stringify(fromMultisig.body))
    assert.equal(await fungible(multisig), 16)
    // one member alone is below the threshold
    const weak = { new_nonce: 2n, debited_shard: SHARD, credited: domain.addressOf(alice), allowances: { [token]: { Fungible: 1n } } }
    const weakPayload = { content: weak, auxiliary: [] as number[] }
    const below = await execute({ DebitAllowance: { payload: weakPayload, signature: multisig.signWith(canonicalJsonBytes(jsonValue(weakPayload), 'payload'), [2]) } } as VerifiableType)
    assert.equal(below.status, 400)
    assert.equal(below.body.code, 'INVALID_SIGNATURE')
  })

  test('/intents/submit: caller-computed diffs may debit less than allowed, and must match the laws', async () => {
    const dave = Ed25519Signer.generate()
    const content = { new_nonce: nextNonce(alice), debited_shard: SHARD, credited: domain.addressOf(dave), allowances: { [token]: { Fungible: 50n } } }
    const v = signVerifiable(alice, 'DebitAllowance', content)
    const diffs = debitAllowanceDiffs(domain.addressOf(alice), content, { [token]: { Fungible: 20n } })
    const tampered = structuredClone(diffs)
    ;(tampered[1]!.operation as any).TokenDiffs[token].Fungible = 30n
    const refused = await domain.post('/intents/submit', [{ verifiable: jsonValue(v), state_diffs: jsonValue(tampered) }])
    assert.equal(refused.status, 400)
    assert.equal(refused.body.code, 'STATE_DIFF_MISMATCH')
    const applied = await domain.post('/intents/submit', [{ verifiable: jsonValue(v), state_diffs: jsonValue(diffs) }])
    assert.equal(applied.status, 200, JSON.stringify(applied.body))
    assert.equal(await fungible(dave), 20)
  })

  test('malformed bodies, batch and body limits', async () => {
    const empty = await domain.post('/intents/execute', [])
    assert.equal(empty.status, 400)
    const notJson = await domain.post('/intents/execute', '[{', 'application/json')
    assert.equal(notJson.status, 400)
    assert.equal(notJson.body.code, 'INVALID_REQUEST')
    const unknownKind = await domain.post('/intents/execute', [{ Transfer: {} }])
    assert.equal(unknownKind.status, 400)
    assert.equal(unknownKind.body.index, 0)
    const tooMany = await domain.post('/intents/execute', Array.from({ length: 257 }, () => ({ Foo: 1 })))
    assert.equal(tooMany.status, 400)
    assert.match(tooMany.body.message, /256/)
    const huge = await domain.post('/intents/execute', `[${'1,'.repeat(3_000_000)}1]`, 'application/json')
    assert.equal(huge.status, 413)
    assert.equal(huge.body.code, 'BODY_TOO_LARGE')
    assert.match(huge.body.message, /4194304 bytes/)
    const badOwner = await domain.get('/vaults/not-an-owner')
    assert.equal(badOwner.status, 400)
    // a u64 beyond 2^53 is not rounded: it is refused by name, not silently changed
    const small = JSON.stringify([jsonValue(debit(alice, domain.addressOf(mintKey), { [token]: { Fungible: 5n } }, 99n))])
    const bigResponse = await domain.post('/intents/execute', small.replace('"Fungible":5', '"Fungible":1152921504606846977'), 'application/json')
    assert.equal(bigResponse.status, 400)
    assert.match(bigResponse.body.message, /Fungible/)
  })
})
