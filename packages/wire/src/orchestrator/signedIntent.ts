// The signed intent of spec/orchestrator.md, shapes A and B. The schema checks the shape; the
// orchestrator's parseSignedIntent decodes it (InputMap values, signature bytes) and verifies it.
import { Type } from 'typebox'
import { HashDigest, IntentId } from '../encodings.ts'
import { Signature } from '../Signature.ts'

/** Typed values (`{String|Int|Bool|Set}`) or plain JSON, checked by @verity/core's InputMap codec. */
export const InputMap = Type.Object({
  fields: Type.Record(Type.String(), Type.Unknown(), {
    description: 'values tagged {String|Int|Bool|Set} or plain JSON (string, integer, boolean, array)',
  }),
})

export const SignedIntentShapeA = Type.Object(
  {
    payload: Type.Object({ id: IntentId, template_id: HashDigest, attrs: InputMap }),
    signature: Signature,
  },
  { description: 'shape A: signature over UTF-8 of JCS(payload)' },
)

export const Authorship = Type.Union([Type.Literal('Unsigned'), Type.Object({ Signed: Signature }, { additionalProperties: false })])

export const SignedIntentShapeB = Type.Object(
  {
    authorship: Authorship,
    intent: Type.Object({ id: IntentId, policy_id: HashDigest, attrs: Type.Optional(InputMap) }),
  },
  { description: 'shape B: signature over UTF-8 of JCS(intent)' },
)

/** POST /intents, GET /intents/{intent_id}. */
export const SignedIntent = Type.Union([SignedIntentShapeA, SignedIntentShapeB])
