// The guardrail proofs of an SDL whose agreement declares guardrail templates: one policy proof
// per transaction per guardrail, in that order (transaction 0's proofs for each declared guardrail,
// then transaction 1's, ...). For each the base layer recomputes the public inputs it can:
//   0 template hash        — Poseidon2 of the declared template's circuit encoding
//   2 evidence commitment  — of the transaction's evidence (ledger's transactionEvidence, only the
//                            fields the template declares, salt 0: the evidence is public)
//   3 intent id            — the field encoding of "<sdl hash>/<transaction index>"
// and accepts 1 (the attrs commitment: the prove-time guardrail intent, which the domain does not
// publish) as given. Then the proof must verify with the policy circuit named by a program id.
import { decodeBase64Url, type InputValue } from '@verity/core'
import { guardrailIntentId, transactionEvidence, type SdlContent } from '@verity/ledger'
import { decodeCompiledTemplate, type CompiledTemplate, type FieldDecl } from '@verity/policy'
import { encodePolicyInputs, encodeString, policyFieldHex, POLICY_CIRCUIT, type CircuitProver, type ProofArtifact } from '@verity/prover'
import { SdlProofInvalidError } from '../errors/settlementErrors.ts'
import type { AgreementRecord } from '../store/BaseLayerStore.ts'

export type GuardrailProofCheck = {
  content: SdlContent
  hash: string
  /** the artifacts after the SDL's batch proofs */
  proofs: readonly ProofArtifact[]
  guardrails: NonNullable<AgreementRecord['guardrails']>
  programIds: readonly string[]
}

const PUBLIC_INPUT_NAMES = ['template hash', 'attrs commitment', 'evidence commitment', 'intent id']

/** Throws SdlProofInvalidError naming the transaction, the guardrail and what does not match. */
export async function verifyGuardrailProofs(
  prover: CircuitProver,
  check: GuardrailProofCheck,
  verifying: <T>(run: () => Promise<T>) => Promise<T>,
): Promise<void> {
  const { content, guardrails, proofs } = check
  const expectedCount = content.transactions.length * guardrails.length
  if (proofs.length !== expectedCount)
    throw refused(
      `expected ${expectedCount} guardrail proofs (${content.transactions.length} transactions × ${guardrails.length} guardrails, transaction by transaction), got ${proofs.length}`,
    )
  const templates = guardrails.map((guardrail) => decodeTemplate(guardrail.template))
  for (const [index, transaction] of content.transactions.entries()) {
    const evidence = transactionEvidence(transaction)
    for (const [g, guardrail] of guardrails.entries()) {
      const artifact = proofs[index * guardrails.length + g]!
      const what = `transaction ${index}, guardrail ${guardrail.templateId}`
      if (artifact.circuit !== POLICY_CIRCUIT) throw refused(`${what}: expected a ${POLICY_CIRCUIT} circuit proof, got ${artifact.circuit}`)
      if (!check.programIds.includes(artifact.circuit_hash))
        throw refused(`${what}: circuit hash ${artifact.circuit_hash} is not a guardrail program of the agreement`)
      const expected = await expectedPublicInputs(templates[g]!, evidence, guardrailIntentId(check.hash, index), what)
      if (!Array.isArray(artifact.public_inputs) || artifact.public_inputs.length !== PUBLIC_INPUT_NAMES.length)
        throw refused(`${what}: expected ${PUBLIC_INPUT_NAMES.length} public inputs`)
      for (const i of [0, 2, 3]) {
        if (String(artifact.public_inputs[i]).toLowerCase() !== expected[i])
          throw refused(`${what}: the proof's ${PUBLIC_INPUT_NAMES[i]} is not this ${i === 0 ? 'guardrail template' : i === 2 ? "transaction's evidence" : 'SDL and transaction'}`)
      }
      const verified = await verifying(() => prover.verifyCircuit(POLICY_CIRCUIT, artifact))
      if (!verified.ok) throw refused(`${what}: ${verified.reason}`)
    }
  }
}

function refused(reason: string): SdlProofInvalidError {
  return new SdlProofInvalidError({ reason: `guardrail proofs: ${reason}` })
}

function decodeTemplate(template: string): CompiledTemplate {
  // Checked when the agreement was accepted (readAgreementGuardrails).
  return decodeCompiledTemplate(decodeBase64Url(template))
}

/**
 * The public inputs the base layer can compute: template hash, evidence commitment and intent id
 * (index 1, the attrs commitment, is computed over placeholder attrs and not compared). Evidence
 * that does not fit the template means no proof of it can exist: refused.
 */
async function expectedPublicInputs(compiled: CompiledTemplate, all: Record<string, InputValue>, intentId: string, what: string): Promise<string[]> {
  const evidence: Record<string, InputValue> = {}
  for (const field of compiled.evidence) if (field.name in all) evidence[field.name] = all[field.name]!
  let encoded
  try {
    encoded = await encodePolicyInputs(compiled, placeholderAttrs(compiled.intent), evidence, intentId, 0n)
  } catch (error) {
    throw refused(`${what}: the transaction's evidence does not fit the template: ${(error as Error).message}`)
  }
  const { templateHash, attrsCommitment, evidenceCommitment } = encoded.publicInputs
  return [templateHash, attrsCommitment, evidenceCommitment, encodeString(intentId)].map(policyFieldHex)
}

/** Schema-valid attrs whose commitment is ignored: encodePolicyInputs needs every required field. */
function placeholderAttrs(schema: readonly FieldDecl[]): Record<string, InputValue> {
  const attrs: Record<string, InputValue> = {}
  for (const field of schema) {
    if (field.isOptional) continue
    attrs[field.name] = field.type === 'string' ? '' : field.type === 'int' ? 0n : field.type === 'bool' ? false : []
  }
  return attrs
}
