import { canonicalJson, type AgentKey, type Signer } from '@verity/core'
import type { SignedIntentShapeA, SignedIntentShapeB, Static } from '@verity/wire'

export type IntentFields = Record<string, unknown>

export type SignIntentParameters = {
  id: string
  templateId: string
  /** Attribute values, plain JSON or tagged `{String|Int|Bool|Set}`. */
  fields?: IntentFields
  /** `Unsigned` is accepted only by orchestrators configured to allow it (shape B only). */
  signer: Signer | 'Unsigned'
  /** `b` (default): `{authorship, intent}`; `a`: `{payload, signature}`. */
  shape?: 'a' | 'b'
  /** The agents that alone may propose (`agents`, docs/protocol.md "Agent-bound intents"); e.g. `[agentKeyOfSigner(agent)]`. */
  agents?: readonly AgentKey[]
}

/**
 * Builds a signed intent as POST /intents takes it. Shape B signs UTF-8 JCS(intent) and omits
 * `attrs` when there are no fields; shape A signs UTF-8 JCS(payload). The signed object is sent as
 * its JCS reads back, in canonical key order: a server then gets its JCS as plain JSON.stringify
 * (core's canonicalJson), however many fields an intent grows.
 * @example const body = signIntent({ id: randomUUID(), templateId, fields: { max_price_cents: 2500 }, signer })
 */
export function signIntent(parameters: SignIntentParameters & { shape?: 'b' }): Static<typeof SignedIntentShapeB>
export function signIntent(parameters: SignIntentParameters & { shape: 'a' }): Static<typeof SignedIntentShapeA>
export function signIntent(parameters: SignIntentParameters): Static<typeof SignedIntentShapeA> | Static<typeof SignedIntentShapeB>
export function signIntent(parameters: SignIntentParameters): Static<typeof SignedIntentShapeA> | Static<typeof SignedIntentShapeB> {
  const { id, templateId, fields, signer, shape = 'b', agents } = parameters
  const agentsField = agents === undefined ? {} : { agents: [...agents] }
  if (shape === 'a') {
    if (signer === 'Unsigned') throw new TypeError('shape A intents must be signed')
    const signed = signCanonical({ id, template_id: templateId, attrs: { fields: fields ?? {} }, ...agentsField }, signer)
    return { payload: signed.value, signature: signed.signature }
  }
  const intent: Static<typeof SignedIntentShapeB>['intent'] = { id, policy_id: templateId, ...agentsField }
  if (fields !== undefined && Object.keys(fields).length > 0) intent.attrs = { fields }
  if (signer === 'Unsigned') return { authorship: 'Unsigned', intent: JSON.parse(canonicalJson(intent, 'intent')) as typeof intent }
  const signed = signCanonical(intent, signer)
  return { authorship: { Signed: signed.signature }, intent: signed.value }
}

/** The signature over UTF-8 JCS(value), and the value as that JCS reads back (canonical order; integers as numbers). */
function signCanonical<T>(value: T, signer: Signer): { value: T; signature: ReturnType<Signer['sign']> } {
  const text = canonicalJson(value, 'intent')
  return { value: JSON.parse(text) as T, signature: signer.sign(new TextEncoder().encode(text)) }
}
