// Settlement re-checks mandate payments (real bundles, a real SDL proof): an SDL paying a proven
// intent applies and the finalized state shows the payment; an SDL paying the same intent again,
// one whose bundle is altered (an agent-bound intent's agent signature too), or one the node's trusted extractor keys do not cover is refused
// with SDL_MANDATE_INVALID naming the transaction, before its proofs are looked at; nothing moves.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer, formatAddress } from '@verity/core'
import { executeBatch, jsonValue, MemoryLedger, sdlHash, signVerifiable, type MandateFacts, type SdlContent, type VerifiableType } from '@verity/ledger'
import { createCircuitProver, createProver, proveSdl, sealSdl, StateTree, type ProofArtifact, type Prover } from '@verity/prover'
import { verifyMandateBundle } from '@verity/sdk'
import { makeMandateBundle, PAYABLE_TEMPLATE_ANY_TOKEN } from '../../../sdk/src/testing/makeMandateBundle.ts'
import { signAgreementRequest, signSdlSubmission } from '../client/signRequests.ts'
import { openTestNode, openTransport, type TestNode, type Transport } from '../testing/openTestNode.ts'
import { ProverSdlVerifier } from './ProverSdlVerifier.ts'

describe('settling mandate payments (real proofs)', () => {
  const operator = Ed25519Signer.generate()
  const [minter, user, store, extractor] = [Ed25519Signer.generate(), Ed25519Signer.generate(), Ed25519Signer.generate(), Ed25519Signer.generate()]
  const token = formatAddress(minter.ownerId, 1)
  const payee = formatAddress(store.ownerId, 1)
  const verifier = new ProverSdlVerifier({ trustedExtractorKeys: [extractor.publicKeyBase58] })
  let prover: Prover
  let testNode: TestNode
  let transport: Transport
  let bundle: Record<string, unknown>
  let facts: MandateFacts
  let first: { content: SdlContent; proofs: ProofArtifact[] }

  const payment = (proofBundle: unknown): VerifiableType =>
    ({ MandatePayment: { debited: formatAddress(user.ownerId, 1), credited: payee, token, amount: 1800n, proof_bundle: proofBundle } }) as VerifiableType
  const mint = signVerifiable(minter, 'FungibleTokenMint', {
    new_nonce: 1n,
    shard: 1,
    operation: { Create: { metadata: { name: 'Dollar', symbol: 'USD' }, credited: [{ address: formatAddress(user.ownerId, 1), amount: 10_000n }] } },
  })
  /** The domain side after the first SDL (mint, then the payment): a fresh ledger and tree each time. */
  async function afterFirst(): Promise<{ ledger: MemoryLedger; tree: StateTree; sealed: ReturnType<typeof sealSdl> }> {
    const ledger = new MemoryLedger()
    const batch = executeBatch(ledger, [mint, payment(bundle)], 1, { facts: new Map([[1, facts]]), isSpent: () => false })
    ledger.commit(batch)
    const tree = await StateTree.create()
    const sealed = sealSdl(tree, { shard: 1, sequence: 1, previous_hash: null, incoming_credits: { from_cursor: 0, to_cursor: 0, credits: [] }, transactions: batch.transactions })
    return { ledger, tree, sealed }
  }
  /** A second SDL paying with `proofBundle` (the domain's own spent set bypassed: a faulty or dishonest domain). */
  async function secondWith(proofBundle: unknown, paymentFacts: MandateFacts): Promise<SdlContent> {
    const { ledger, tree, sealed } = await afterFirst()
    const batch = executeBatch(ledger, [payment(proofBundle)], 1, { facts: new Map([[0, paymentFacts]]), isSpent: () => false })
    const draft = { shard: 1, sequence: 2, previous_hash: sdlHash(sealed.content), incoming_credits: { from_cursor: 0, to_cursor: 0, credits: [] }, transactions: batch.transactions }
    return sealSdl(tree, draft).content
  }
  // A refused SDL is refused before its proofs are checked: the first SDL's proofs stand in for them.
  const submit = (content: SdlContent, proofs: ProofArtifact[] = first.proofs) => transport.client.submitSdl(signSdlSubmission(operator, { content: jsonValue(content), proofs }))

  before(async () => {
    prover = createProver({ threads: 1 })
    bundle = await makeMandateBundle({ prover, user, extractor, payee, priceCents: 1800, token })
    const verified = await verifyMandateBundle(bundle, { verifier: prover, trustedExtractorKeys: [extractor.publicKeyBase58] })
    assert.ok(verified.ok)
    facts = verified.facts
    const { sealed } = await afterFirst()
    const circuits = createCircuitProver({ workers: 1 })
    try {
      first = { content: sealed.content, proofs: await proveSdl(circuits, sealed.witness) }
    } finally {
      await circuits.close()
    }
    testNode = await openTestNode({ funded: [{ ownerId: operator.ownerId, balance: 1_000_000n }], verifier })
    transport = await openTransport('in-process', testNode.node)
    await transport.client.submitAgreement(signAgreementRequest(operator, { shard: 1, guardrail_program_ids: [], nonce: 1n }))
    testNode.clock.advance(testNode.node.activationDelayMs)
  })
  after(async () => {
    await transport?.close()
    await testNode?.close()
    await verifier.close()
    await prover?.close()
  })

  test('an SDL with a proven payment applies; the finalized vaults show it', async () => {
    const applied = await submit(first.content, first.proofs)
    assert.equal(applied.status, 'applied', applied.status === 'failed' ? `${applied.code}: ${applied.reason}` : '')
    const storeVault = await transport.client.getVault(payee)
    assert.deepEqual(storeVault?.data, { TokenHoldings: { fungibles: { [token]: 1800n }, nfts: {} } })
  })

  test('paying the same intent in a later SDL is refused, naming the transaction; nothing moves', async () => {
    const before = await transport.client.getShard(1)
    const result = await submit(await secondWith(bundle, facts))
    assert.equal(result.status, 'failed')
    assert.equal(result.status === 'failed' && result.code, 'SDL_MANDATE_INVALID')
    assert.match(result.status === 'failed' ? result.reason : '', /^SDL transaction 0: mandate payment refused \(MANDATE_ALREADY_PAID\)/)
    assert.deepEqual(await transport.client.getShard(1), before)
  })

  test('an altered bundle, or one attested by a key the node does not trust, is refused before the proofs', async () => {
    const fresh = await makeMandateBundle({ prover, user, extractor, payee, priceCents: 1800, token })
    const freshFacts = { ...facts, intentId: (fresh.signed_intent as { payload: { id: string } }).payload.id }
    const altered = structuredClone(fresh) as any
    altered.proof.attestation.extracted_at_ms += 1
    const refusal = async (proofBundle: unknown, code: string) => {
      const result = await submit(await secondWith(proofBundle, freshFacts))
      assert.equal(result.status === 'failed' && result.code, 'SDL_MANDATE_INVALID')
      assert.match(result.status === 'failed' ? result.reason : '', new RegExp(`^SDL transaction 0: mandate payment refused \\(${code}\\)`))
    }
    await refusal(altered, 'MANDATE_ATTESTATION_INVALID')
    // A domain that let through a payment in a token the payee does not accept (it claims the payee accepts it).
    const unaccepted = await makeMandateBundle({ prover, user, extractor, payee, priceCents: 1800, token, payeeToken: 'native', templateSource: PAYABLE_TEMPLATE_ANY_TOKEN })
    const unacceptedId = (unaccepted.signed_intent as { payload: { id: string } }).payload.id
    const result = await submit(await secondWith(unaccepted, { ...facts, intentId: unacceptedId, acceptedToken: token }))
    assert.equal(result.status === 'failed' && result.code, 'SDL_MANDATE_INVALID')
    assert.match(result.status === 'failed' ? result.reason : '', new RegExp(`^SDL transaction 0: mandate payment refused \\(MANDATE_TOKEN_NOT_ACCEPTED\\): intent\\.payment_token ${token} is not the token the payee accepts \\(evidence\\.payee_token native\\)`))
    const stranger = Ed25519Signer.generate()
    await refusal(await makeMandateBundle({ prover, user, extractor: stranger, payee, priceCents: 1800, token }), 'MANDATE_EXTRACTOR_UNTRUSTED')
    // An agent-bound intent (issue 38): the bundle without its agent's signature, or with another proposal under it.
    const bound = await makeMandateBundle({ prover, user, extractor, payee, priceCents: 1800, token, agent: Ed25519Signer.generate() })
    const boundFacts = { ...facts, intentId: (bound.signed_intent as { payload: { id: string } }).payload.id }
    const { agent_authorization: _removed, ...unsigned } = bound
    const boundRefusal = async (proofBundle: unknown, code: string) => {
      const refused = await submit(await secondWith(proofBundle, boundFacts))
      assert.equal(refused.status === 'failed' && refused.code, 'SDL_MANDATE_INVALID')
      assert.match(refused.status === 'failed' ? refused.reason : '', new RegExp(`^SDL transaction 0: mandate payment refused \\(${code}\\)`))
    }
    await boundRefusal(unsigned, 'MANDATE_AGENT_SIGNATURE_MISSING')
    await boundRefusal({ ...bound, proposal: { solution: 'catalog:elsewhere', metadata: null } }, 'MANDATE_AGENT_SIGNATURE_INVALID')
    assert.deepEqual((await transport.client.getVault(payee))?.data, { TokenHoldings: { fungibles: { [token]: 1800n }, nfts: {} } })
  })
})
