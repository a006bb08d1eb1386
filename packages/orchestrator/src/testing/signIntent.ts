import { canonicalJsonBytes, type Signer } from '@verity/core'

/** A shape-A signed intent: the signature covers UTF-8 of JCS(payload). */
export function signIntentShapeA(signer: Signer, intent: { id: string; templateId: string; fields: Record<string, unknown> }) {
  const payload = { id: intent.id, template_id: intent.templateId, attrs: { fields: intent.fields } }
  return { payload, signature: signer.sign(canonicalJsonBytes(payload)) }
}

/** A shape-B signed intent: the signature covers UTF-8 of JCS(intent); `attrs` omitted when there are none. */
export function signIntentShapeB(
  signer: Signer | 'Unsigned',
  intent: { id: string; templateId: string; fields?: Record<string, unknown> },
) {
  const body: Record<string, unknown> = { id: intent.id, policy_id: intent.templateId }
  if (intent.fields !== undefined) body.attrs = { fields: intent.fields }
  const authorship = signer === 'Unsigned' ? 'Unsigned' : { Signed: signer.sign(canonicalJsonBytes(body)) }
  return { authorship, intent: body }
}
