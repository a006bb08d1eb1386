// The signed intent of spec/orchestrator.md, shapes A and B. The schema checks the shape; the
// orchestrator's parseSignedIntent decodes it (InputMap values, signature bytes) and verifies it.
import { Type } from 'typebox'
import { HashDigest, IntentId } from '../encodings.ts'
import { Signature } from '../Signature.ts'
import { IntentAgents } from './intentAgents.ts'
import { Authorship, InputMap } from './intentParts.ts'
import { SealedIntentShapeA, SealedIntentShapeB, SealedIntentSubmission } from './sealedIntent.ts'

export { Authorship, InputMap }

export const SignedIntentShapeA = Type.Object(
  {
    payload: Type.Object({ id: IntentId, template_id: HashDigest, attrs: InputMap, agents: Type.Optional(IntentAgents) }),
    signature: Signature,
  },
  { description: 'shape A: signature over UTF-8 of JCS(payload)' },
)

export const SignedIntentShapeB = Type.Object(
  {
    authorship: Authorship,
    intent: Type.Object({ id: IntentId, policy_id: HashDigest, attrs: Type.Optional(InputMap), agents: Type.Optional(IntentAgents) }),
  },
  { description: 'shape B: signature over UTF-8 of JCS(intent)' },
)

/** GET /intents/{intent_id}, a proof bundle's `signed_intent`: shape A, shape B, or either sealed (docs/protocol.md, "Sealed intents"). */
export const SignedIntent = Type.Union([SignedIntentShapeA, SignedIntentShapeB, SealedIntentShapeA, SealedIntentShapeB])

/** POST /intents: a signed intent, or a sealed one with its opening beside it. */
export const SubmittedIntent = Type.Union([SignedIntentShapeA, SignedIntentShapeB, ...SealedIntentSubmission.anyOf])
