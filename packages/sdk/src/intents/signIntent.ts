import { canonicalJsonBytes, type AgentKey, type Signer } from '@verity/core'
import type { SignedIntent, SignedIntentShapeA, SignedIntentShapeB, Static } from '@verity/wire'

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
 * `attrs` when there are no fields; shape A signs UTF-8 JCS(payload).
 * @example const body = signIntent({ id: randomUUID(), templateId, fields: { max_price_cents: 2500 }, signer })
 */
export function signIntent(parameters: SignIntentParameters & { shape?: 'b' }): Static<typeof SignedIntentShapeB>
export function signIntent(parameters: SignIntentParameters & { shape: 'a' }): Static<typeof SignedIntentShapeA>
export function signIntent(parameters: SignIntentParameters): Static<typeof SignedIntent>
export function signIntent(parameters: SignIntentParameters): Static<typeof SignedIntent> {
  const { id, templateId, fields, signer, shape = 'b', agents } = parameters
  const agentsField = agents === undefined ? {} : { agents: [...agents] }
  if (shape === 'a') {
    if (signer === 'Unsigned') throw new TypeError('shape A intents must be signed')
    const payload = { id, template_id: templateId, attrs: { fields: fields ?? {} }, ...agentsField }
    return { payload, signature: signer.sign(canonicalJsonBytes(payload)) }
  }
  const intent: Static<typeof SignedIntentShapeB>['intent'] = { id, policy_id: templateId, ...agentsField }
  if (fields !== undefined && Object.keys(fields).length > 0) intent.attrs = { fields }
  const authorship = signer === 'Unsigned' ? 'Unsigned' : { Signed: signer.sign(canonicalJsonBytes(intent)) }
  return { authorship, intent }
}
