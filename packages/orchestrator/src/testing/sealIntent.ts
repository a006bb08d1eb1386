import { canonicalJsonBytes, decodeInputFields, type Signer } from '@verity/core'
import { compileTemplate } from '@verity/policy'
import { policyFieldHex, sealedAttrsCommitments, sealedAttrsSalt } from '@verity/prover'

/**
 * A sealed shape-B intent as POST /intents takes it (the signed part and its opening), built the
 * way the SDK's sealIntent builds it, for the orchestrator's own tests.
 */
export async function sealIntentShapeB(
  signer: Signer,
  intent: { id: string; templateId: string; source: string; fields: Record<string, unknown>; disclosed?: Record<string, unknown>; salt?: bigint },
) {
  const salt = intent.salt ?? sealedAttrsSalt()
  const commitments = await sealedAttrsCommitments(compileTemplate(intent.source), decodeInputFields(intent.fields, 'intent'), salt)
  const sealed = { commitments, ...(intent.disclosed === undefined ? {} : { disclosed: { fields: intent.disclosed } }) }
  const body = { id: intent.id, policy_id: intent.templateId, sealed }
  return { authorship: { Signed: signer.sign(canonicalJsonBytes(body)) }, intent: body, opening: { attrs: { fields: intent.fields }, salt: policyFieldHex(salt) } }
}
