import { canonicalJsonBytes, decodeInputFields, type AgentKey, type Signer } from '@verity/core'
import { checkInputs, payableShape, templateId as templateIdOf, type CompiledTemplate } from '@verity/policy'
import { policyFieldHex, sealedAttrsCommitments, sealedAttrsSalt } from '@verity/prover'
import type { IntentOpening, SealedIntentShapeA, SealedIntentShapeB, Static } from '@verity/wire'
import { SEALED_PAYMENT_DISCLOSED } from './sealedPayment.ts'

export type SealIntentParameters = {
  id: string
  /** The template, compiled on your side (its id is recomputed: never trust a server's copy). */
  compiled: CompiledTemplate
  /** Attribute values, plain JSON or tagged `{String|Int|Bool|Set}`: committed to, never signed in the clear. */
  fields: Record<string, unknown>
  /** Ed25519, passkey or multisig: the signature covers the commitments as it covers attrs. `Unsigned`: shape B only. */
  signer: Signer | 'Unsigned'
  /** `b` (default): `{authorship, intent}`; `a`: `{payload, signature}`. */
  shape?: 'a' | 'b'
  /** Attrs to show in the clear beside the commitments; a payable template's payment_deadline_ms is always disclosed. */
  disclose?: readonly string[]
  /** The secret salt (default: a fresh random field element). Tests only: a reused salt links intents. */
  salt?: bigint
  /** The agents that alone may propose (docs/protocol.md, "Agent-bound intents"), signed with the commitments. */
  agents?: readonly AgentKey[]
}

export type SealedSignedIntent = Static<typeof SealedIntentShapeA> | Static<typeof SealedIntentShapeB>
export type SealedIntentOpening = Static<typeof IntentOpening>

/**
 * The unsigned part of a sealed intent and its opening: commits to the attrs with a fresh secret
 * salt, once per policy tier that can hold the template and the attrs. `signed` is the object the
 * signature covers (shape B's `intent`, shape A's `payload`: sign UTF-8 of its JCS). For a signer
 * that signs asynchronously (a browser passkey); `sealIntent` signs with a Signer.
 */
export async function sealedIntentParts(parameters: Omit<SealIntentParameters, 'signer'>): Promise<{ signed: Record<string, unknown>; opening: SealedIntentOpening }> {
  const { id, compiled, fields, shape = 'b' } = parameters
  const attrs = decodeInputFields(fields, 'intent')
  checkInputs(compiled.intent, attrs, 'intent')
  const salt = parameters.salt ?? sealedAttrsSalt()
  const commitments = (await sealedAttrsCommitments(compiled, attrs, salt)) as Record<string, string>
  const disclosedNames = new Set([...(parameters.disclose ?? []), ...(payableShape(compiled).isPayable ? SEALED_PAYMENT_DISCLOSED : [])])
  for (const name of disclosedNames) if (!Object.hasOwn(fields, name)) throw new RangeError(`cannot disclose ${name}: the intent has no such attr`)
  const disclosed = Object.fromEntries([...disclosedNames].sort().map((name) => [name, fields[name]]))
  const sealed = { commitments, ...(disclosedNames.size === 0 ? {} : { disclosed: { fields: disclosed } }) }
  const templateId = templateIdOf(compiled)
  const agents = parameters.agents === undefined || parameters.agents.length === 0 ? {} : { agents: [...parameters.agents] }
  const signed = shape === 'a' ? { id, template_id: templateId, sealed, ...agents } : { id, policy_id: templateId, sealed, ...agents }
  return { signed, opening: { attrs: { fields }, salt: policyFieldHex(salt) } }
}

/**
 * Seals an intent (docs/protocol.md, "Sealed intents"): commits to the attrs with a fresh secret
 * salt, once per policy tier that can hold the template and the attrs, and signs the commitments
 * instead of the attrs. Returns the body for POST /intents (the signed part with the opening
 * beside it), the signed part alone (what everyone sees) and the opening: keep it to re-evaluate a
 * failure locally (failure events of a sealed intent carry no values). Throws InputDataError
 * when the attrs do not match the template, CircuitBoundsError when no tier holds them.
 * @example const { body, opening } = await sealIntent({ id: randomUUID(), compiled, fields: { max_price_cents: 2500 }, signer })
 */
export async function sealIntent(parameters: SealIntentParameters): Promise<{ body: SealedSignedIntent & { opening: SealedIntentOpening }; signedIntent: SealedSignedIntent; opening: SealedIntentOpening }> {
  const { signer, shape = 'b' } = parameters
  if (shape === 'a' && signer === 'Unsigned') throw new TypeError('shape A intents must be signed')
  const { signed, opening } = await sealedIntentParts(parameters)
  const signature = signer === 'Unsigned' ? undefined : signer.sign(canonicalJsonBytes(signed))
  const signedIntent = (shape === 'a' ? { payload: signed, signature } : { authorship: signature === undefined ? 'Unsigned' : { Signed: signature }, intent: signed }) as SealedSignedIntent
  return { body: { ...signedIntent, opening }, signedIntent, opening }
}
