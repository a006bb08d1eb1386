// The refusals of a batch's mandate payments that come before any proof is verified: too many in
// one batch, a domain that settles on an EVM chain, an intent that paid already (a real store).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { canonicalJsonBytes, Ed25519Signer, formatAddress, intentDigestOf, isVerityError } from '@verity/core'
import { legacyMandateKey, mandateKey, type VerifiableType } from '@verity/ledger'
import { SqliteDomainStore } from '../store/sqlite/SqliteDomainStore.ts'
import { MANDATE_PAYMENTS_PER_BATCH_MAX } from '../limits.ts'
import { MandateVerifier } from './MandateVerifier.ts'
import { verifyBatchMandates } from './verifyBatchMandates.ts'

const user = Ed25519Signer.generate()
const payload = { id: 'intent-1', template_id: user.ownerId, attrs: { fields: {} } }
const bundle = { signed_intent: { payload, signature: user.sign(canonicalJsonBytes(payload)) }, evidence: {} }
const item = { verifiable: { MandatePayment: { debited: formatAddress(user.ownerId, 1), credited: formatAddress(user.ownerId, 1), token: 'native', amount: 1n, proof_bundle: bundle } } as VerifiableType }
/** A verifier that must not be reached: each case is refused before any proof is looked at. */
const unreachable = new MandateVerifier({ verifier: { verifyPolicy: () => assert.fail('a proof was verified') }, trustedExtractorKeys: [] })

async function codeOf(run: Promise<unknown>): Promise<[string, number | undefined]> {
  try {
    await run
  } catch (error) {
    assert.ok(isVerityError(error))
    return [error.code, error.index]
  }
  return assert.fail('expected a refusal')
}

const spentRow = (key: string, intentDigest: string | null) => ({ key, intentId: 'intent-1', intentDigest, evidenceDigest: null, payerOwnerId: user.ownerId, payment: { debited: '', credited: '', token: 'native', amount: 1n } })

test('too many payments in one batch, an EVM-settled domain, an intent that paid already: refused before any proof', async () => {
  const store = new SqliteDomainStore(':memory:')
  try {
    const deps = { store, verifier: unreachable, deadlineGraceMs: 0, nowMs: () => 0 }
    const many = Array.from({ length: MANDATE_PAYMENTS_PER_BATCH_MAX + 1 }, () => item)
    assert.deepEqual(await codeOf(verifyBatchMandates(deps, many)), ['LIMIT_EXCEEDED', undefined])
    assert.deepEqual(await codeOf(verifyBatchMandates({ ...deps, verifier: undefined }, [item])), ['MANDATE_SETTLEMENT_UNSUPPORTED', 0])
    const intentDigest = intentDigestOf(canonicalJsonBytes(payload))
    const key = mandateKey({ payerOwnerId: user.ownerId, intentId: 'intent-1', intentDigest })
    await store.commitBatch({ vaults: new Map(), nonces: new Map(), pending: [], mandates: [spentRow(key, intentDigest)] })
    assert.deepEqual(await codeOf(verifyBatchMandates(deps, [{ verifiable: { NftMint: {} } as unknown as VerifiableType }, item])), ['MANDATE_ALREADY_PAID', 1])
  } finally {
    await store.close()
  }
})

test('spent under the legacy key (a payment applied before schema 6): still paid; another signed intent with the same id and signer: not refused as paid', async () => {
  const store = new SqliteDomainStore(':memory:')
  try {
    const deps = { store, verifier: unreachable, deadlineGraceMs: 0, nowMs: () => 0 }
    await store.commitBatch({ vaults: new Map(), nonces: new Map(), pending: [], mandates: [spentRow(legacyMandateKey({ payerOwnerId: user.ownerId, intentId: 'intent-1' }), null)] })
    assert.deepEqual(await codeOf(verifyBatchMandates(deps, [item])), ['MANDATE_ALREADY_PAID', 0])
    const other = new SqliteDomainStore(':memory:')
    try {
      const key = mandateKey({ payerOwnerId: user.ownerId, intentId: 'intent-1', intentDigest: 'the-digest-of-another-intent' })
      await other.commitBatch({ vaults: new Map(), nonces: new Map(), pending: [], mandates: [spentRow(key, 'the-digest-of-another-intent')] })
      // Not refused as paid: it goes on to the bundle's verification (which refuses it for other reasons here).
      const [code, index] = await codeOf(verifyBatchMandates({ ...deps, store: other }, [item]))
      assert.notEqual(code, 'MANDATE_ALREADY_PAID')
      assert.equal(index, 0)
    } finally {
      await other.close()
    }
  } finally {
    await store.close()
  }
})
