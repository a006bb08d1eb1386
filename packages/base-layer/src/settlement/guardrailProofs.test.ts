// Guardrail proofs bound to the SDL: an agreement that declares guardrail templates needs one
// policy proof per transaction per template, whose template hash, evidence commitment and intent
// id the base layer recomputes. Two real policy proofs (the fixture SDL has two transactions).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer, encodeBase64Url } from '@verity/core'
import { guardrailIntentId, jsonValue, sdlHash, transactionEvidence } from '@verity/ledger'
import { compiledBytes, compileTemplate, templateId, type CompiledTemplate, type InputValue } from '@verity/policy'
import { createCircuitProver, loadCircuit, POLICY_CIRCUIT, provePolicy, type ProofArtifact } from '@verity/prover'
import { BaseLayerRpcError } from '../errors/clientErrors.ts'
import { signAgreementRequest, signSdlSubmission } from '../client/signRequests.ts'
import { loadSdlFixture, type SdlFixture } from '../testing/buildSdlFixture.ts'
import { openTestNode, openTransport } from '../testing/openTestNode.ts'
import { ProverSdlVerifier } from './ProverSdlVerifier.ts'

const CAP = compileTemplate(`
name cap
intent {
  cap: int
}
evidence {
  kind: string
  amount: int
}
requires {
  evidence.amount <= intent.cap;
}
`)
const OTHER = compileTemplate(`
name other
evidence {
  amount: int
}
requires {
  evidence.amount <= 5000;
}
`)

const declared = (compiled: CompiledTemplate) => ({ template_id: templateId(compiled), template: encodeBase64Url(compiledBytes(compiled)) })

let fixture: SdlFixture
let policyProofs: ProofArtifact[]
let policyCircuitHash: string
const verifier = new ProverSdlVerifier()
const operator = Ed25519Signer.generate()

before(async () => {
  fixture = await loadSdlFixture()
  policyCircuitHash = (await loadCircuit(POLICY_CIRCUIT)).circuitHash
  const hash = sdlHash(fixture.sdl1.content)
  const prover = createCircuitProver({ workers: 1 })
  try {
    policyProofs = []
    for (const [index, transaction] of fixture.sdl1.content.transactions.entries()) {
      const all = transactionEvidence(transaction)
      const evidence: Record<string, InputValue> = { kind: all.kind!, amount: all.amount! }
      policyProofs.push(await provePolicy(prover, { compiled: CAP, attrs: { cap: 1_000n }, evidence, intentId: guardrailIntentId(hash, index) }))
    }
  } finally {
    await prover.close()
  }
})
after(() => verifier.close())


test('guardrail proofs of another transaction, another template, or missing are refused and change nothing; the right ones apply', async () => {
  const testNode = await openTestNode({ funded: [{ ownerId: operator.ownerId, balance: 1_000n }], verifier })
  const transport = await openTransport('in-process', testNode.node)
  const { client } = transport
  const submit = (proofs: unknown[]) => client.submitSdl(signSdlSubmission(operator, { content: jsonValue(fixture.sdl1.content), proofs: [...fixture.sdl1.proofs, ...proofs] }))
  const refusal = async (proofs: unknown[], reason: RegExp) => {
    const result = await submit(proofs)
    assert.equal(result.status === 'failed' && result.code, 'SDL_PROOF_INVALID')
    assert.match(result.status === 'failed' ? result.reason : '', reason)
    assert.equal((await client.getShard(1)).sequence, 0n)
  }
  try {
    const agreement = await client.submitAgreement(
      signAgreementRequest(operator, { shard: 1, guardrail_program_ids: [policyCircuitHash], guardrails: [declared(CAP)], nonce: 1n }),
    )
    assert.deepEqual(agreement.guardrails, [declared(CAP)])
    testNode.clock.advance(testNode.node.activationDelayMs)
    const [first, second] = policyProofs as [ProofArtifact, ProofArtifact]

    await refusal([first], /expected 2 guardrail proofs \(2 transactions × 1 guardrails/)
    await refusal([first, second, first], /expected 2 guardrail proofs/)
    // Each proof is valid on its own, but of the other transaction.
    await refusal([second, first], /transaction 0, guardrail .*: the proof's evidence commitment is not this transaction's evidence/)
    // The right evidence, but proven for another SDL (the intent id binds the SDL hash and index).
    const elsewhere = { ...second, public_inputs: [...second.public_inputs] }
    await refusal([first, { ...first, public_inputs: [first.public_inputs[0], first.public_inputs[1], second.public_inputs[2], first.public_inputs[3]] }], /transaction 1.*intent id is not this SDL and transaction/)
    // A forged public input that matches the recomputation fails the proof itself.
    const forged = { ...elsewhere, public_inputs: [elsewhere.public_inputs[0]!, '0x' + '0'.repeat(63) + '1', elsewhere.public_inputs[2]!, elsewhere.public_inputs[3]!] }
    await refusal([first, forged], /transaction 1, guardrail/)

    // The agreement now declares another template: the same proofs are of the wrong template.
    await client.submitAgreement(signAgreementRequest(operator, { shard: 1, guardrail_program_ids: [policyCircuitHash], guardrails: [declared(OTHER)], nonce: 2n }))
    testNode.clock.advance(testNode.node.activationDelayMs)
    await refusal([first, second], /transaction 0, guardrail .*: the proof's template hash is not this guardrail template/)

    await client.submitAgreement(signAgreementRequest(operator, { shard: 1, guardrail_program_ids: [policyCircuitHash], guardrails: [declared(CAP)], nonce: 3n }))
    testNode.clock.advance(testNode.node.activationDelayMs)
    const applied = await submit([first, second])
    assert.equal(applied.status, 'applied')
    assert.equal((await client.getShard(1)).sequence, 1n)
  } finally {
    await transport.close()
    await testNode.close()
  }
})

test('declared guardrails are checked when the agreement is submitted', async () => {
  const testNode = await openTestNode({ funded: [{ ownerId: operator.ownerId, balance: 1_000n }], verifier })
  const transport = await openTransport('http', testNode.node)
  const refused = async (request: Parameters<typeof signAgreementRequest>[1], field: RegExp) => {
    try {
      await transport.client.submitAgreement(signAgreementRequest(operator, request))
    } catch (error) {
      assert.ok(error instanceof BaseLayerRpcError)
      assert.equal(error.code, 'INVALID_PARAMS')
      assert.match(error.message, field)
      return
    }
    assert.fail('expected a refusal')
  }
  try {
    await refused({ shard: 1, guardrail_program_ids: [policyCircuitHash], guardrails: [{ ...declared(CAP), template_id: templateId(OTHER) }], nonce: 1n }, /guardrails\[0\]\.template_id.*the template's id is/)
    await refused({ shard: 1, guardrail_program_ids: [policyCircuitHash], guardrails: [{ ...declared(CAP), template: 'bm90IGEgdGVtcGxhdGU' }], nonce: 1n }, /guardrails\[0\]\.template/)
    await refused({ shard: 1, guardrail_program_ids: [], guardrails: [declared(CAP)], nonce: 1n }, /guardrail_program_ids/)
    await refused({ shard: 1, guardrail_program_ids: [policyCircuitHash], guardrails: [declared(CAP), declared(CAP)], nonce: 1n }, /duplicate template id/)
    assert.equal(await transport.client.getAgreement(1), null)
  } finally {
    await transport.close()
    await testNode.close()
  }
})
