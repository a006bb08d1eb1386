import { canonicalJsonBytes } from '@verity/core'
import { MalformedProofBundleError } from './proofErrors.ts'
import { sealedPartOf, type SealedPart } from '../sealed/readSealedPart.ts'

/** A signed intent of either shape, with the bytes its signature covers (DESIGN §3). */
export type SignedIntentParts = {
  id: string
  templateId: string
  /** `attrs.fields` as submitted (absent attrs, or a sealed intent → empty). */
  attrFields: Record<string, unknown>
  /** The signature object, or 'Unsigned' (shape B only). */
  authorship: unknown
  /** Shape A: UTF-8 of JCS(payload); shape B: UTF-8 of JCS(intent). */
  signedBytes: Uint8Array
  /** A sealed intent's commitments and disclosed attrs (docs/protocol.md, "Sealed intents"). */
  sealed?: SealedPart
  /** The agents the intent names (docs/protocol.md, "Agent-bound intents"), unchecked; absent for an intent any agent may propose for. */
  agents?: unknown
}

/**
 * Reads the `signed_intent` of a proof bundle: shape A `{payload: {id, template_id, attrs},
 * signature}` or shape B `{authorship, intent: {id, policy_id, attrs?}}`. The orchestrator's
 * `parseSignedIntent` applies the same rules with stricter checks at submission; this reader is
 * kept here so that offline verification does not load the orchestrator service.
 */
export function readSignedIntent(json: unknown): SignedIntentParts {
  const root = readObject(json, 'signed_intent')
  if ('payload' in root) {
    const payload = readObject(root.payload, 'signed_intent.payload')
    return {
      id: readString(payload.id, 'signed_intent.payload.id'),
      templateId: readString(payload.template_id, 'signed_intent.payload.template_id'),
      attrFields: 'sealed' in payload ? {} : readFields(payload.attrs, 'signed_intent.payload.attrs'),
      authorship: readObject(root.signature, 'signed_intent.signature'),
      signedBytes: canonicalJsonBytes(payload),
      ...sealedPartOf(payload, 'signed_intent.payload'),
      ...('agents' in payload ? { agents: payload.agents } : {}),
    }
  }
  const intent = readObject(root.intent, 'signed_intent.intent')
  let authorship: unknown = 'Unsigned'
  if (root.authorship !== 'Unsigned') authorship = readObject(readObject(root.authorship, 'signed_intent.authorship').Signed, 'signed_intent.authorship.Signed')
  return {
    id: readString(intent.id, 'signed_intent.intent.id'),
    templateId: readString(intent.policy_id, 'signed_intent.intent.policy_id'),
    attrFields: intent.attrs === undefined ? {} : readFields(intent.attrs, 'signed_intent.intent.attrs'),
    authorship,
    signedBytes: canonicalJsonBytes(intent),
    ...sealedPartOf(intent, 'signed_intent.intent'),
    ...('agents' in intent ? { agents: intent.agents } : {}),
  }
}

function readFields(attrs: unknown, field: string): Record<string, unknown> {
  return readObject(readObject(attrs, field).fields, `${field}.fields`)
}

function readObject(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new MalformedProofBundleError({ field, reason: 'must be a JSON object' })
  return value as Record<string, unknown>
}

function readString(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new MalformedProofBundleError({ field, reason: 'must be a string' })
  return value
}
