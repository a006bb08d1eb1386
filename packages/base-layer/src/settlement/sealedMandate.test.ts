// The base layer's re-check of a sealed intent's mandate payment (issue 35): ProverSdlVerifier
// verifies the bundle without the attrs (the commitment signed for the proof's tier) and refuses
// one whose proof carries another commitment.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { Ed25519Signer, formatAddress } from '@verity/core'
import { createProver, type Prover } from '@verity/prover'
import { verifyMandateBundle } from '@verity/sdk'
import { makeSealedBundle } from '../../../sdk/src/testing/makeSealedBundle.ts'
import { ProverSdlVerifier } from './ProverSdlVerifier.ts'

const PAYABLE = readFileSync(new URL('../../../policy/examples/payable-clothing.template', import.meta.url), 'utf8')

describe('the base layer re-checks a sealed mandate payment', { timeout: 300_000 }, () => {
  const [user, store, extractor] = [Ed25519Signer.generate(), Ed25519Signer.generate(), Ed25519Signer.generate()]
  const verifier = new ProverSdlVerifier({ trustedExtractorKeys: [extractor.publicKeyBase58] })
  let prover: Prover
  before(() => {
    prover = createProver({ threads: 1 })
  })
  after(async () => {
    await verifier.close()
    await prover?.close()
  })

  test('verified without the attrs; the facts are what the proof established; another commitment is refused', async () => {
    const token = formatAddress(Ed25519Signer.generate().ownerId, 1)
    const bundle = await makeSealedBundle({
      prover,
      user,
      extractor,
      source: PAYABLE,
      fields: { acceptable_categories: ['t-shirt'], size: 'M', max_price_cents: 2345, payment_token: token, payment_deadline_ms: 4_102_444_800_000 },
      evidence: { category: 't-shirt', size: 'M', price_cents: 1800, payee: formatAddress(store.ownerId, 1), payee_token: token },
    })
    const verified = await verifier.verifyMandate(bundle)
    assert.equal(verified.ok, true, verified.ok ? '' : verified.reason)
    if (verified.ok) assert.deepEqual([verified.facts.token, verified.facts.priceCents, verified.facts.maxPriceCents], [token, 1800n, 1800n])
    const swapped = structuredClone(bundle)
    swapped.proof.artifact.public_inputs[1] = swapped.signed_intent.intent.sealed.commitments.policy
    const refused = await verifier.verifyMandate(swapped)
    assert.equal(refused.ok ? 'ok' : refused.code, 'MANDATE_COMMITMENT_MISMATCH')
  })

  test('a payment of an intent that names no agents, admitted before the rule, still settles; a domain would refuse it at admission', async () => {
    const token = formatAddress(Ed25519Signer.generate().ownerId, 1)
    const bundle = await makeSealedBundle({
      prover,
      user,
      extractor,
      source: PAYABLE,
      fields: { acceptable_categories: ['t-shirt'], size: 'M', max_price_cents: 2345, payment_token: token, payment_deadline_ms: 4_102_444_800_000 },
      evidence: { category: 't-shirt', size: 'M', price_cents: 1800, payee: formatAddress(store.ownerId, 1), payee_token: token },
      agent: null,
    })
    const settled = await verifier.verifyMandate(bundle)
    assert.equal(settled.ok, true, settled.ok ? '' : settled.reason)
    const admitted = await verifyMandateBundle(bundle, { verifier: prover, trustedExtractorKeys: [extractor.publicKeyBase58] })
    assert.equal(admitted.ok ? 'ok' : admitted.code, 'MANDATE_INTENT_UNBOUND')
  })
})
