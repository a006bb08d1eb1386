// Sealed intents (our extension, docs/protocol.md "Sealed intents"): the signed intent object
// carries `sealed` (hiding commitments to the attrs, one per policy tier that can hold them, and
// the attrs a payment must disclose) INSTEAD of `attrs`; the orchestrator receives the opening
// (attrs + salt) beside the signed part in POST /intents, never inside it, and never shows it.
import { Type } from 'typebox'
import { HashDigest, IntentId } from '../encodings.ts'
import { Signature } from '../Signature.ts'
import { IntentAgents } from './intentAgents.ts'
import { Authorship, InputMap } from './intentParts.ts'

/** Policy tiers a sealed intent can commit for (the policy circuits: policy_small, policy_medium, policy, policy_sets). */
export const SEALED_COMMITMENTS_MAX = 4

/** A BN254 field element: 0x and 64 lowercase hex digits (the form of a proof's public inputs). */
const FIELD_HEX_PATTERN = '^0x[0-9a-f]{64}$'
export const FieldHex = Type.String({ pattern: FIELD_HEX_PATTERN, description: 'a BN254 field element: 0x + 64 lowercase hex digits' })

/** What the user signs instead of `attrs`. */
export const SealedAttrs = Type.Object(
  {
    commitments: Type.Record(Type.String({ pattern: '^[a-z_]{1,32}$' }), FieldHex, {
      minProperties: 1,
      maxProperties: SEALED_COMMITMENTS_MAX,
      description:
        'policy circuit name → Poseidon2 commitment to the attrs as that tier encodes them, followed by the salt (the `attrs_commitment` public input of a proof on that tier); one per tier that can hold the template and the attrs',
    }),
    disclosed: Type.Optional(
      Type.Object(
        { fields: InputMap.properties.fields },
        { description: 'attrs shown in the clear beside the commitment (a payable template: payment_deadline_ms); the opening holds the same values' },
      ),
    ),
  },
  { additionalProperties: false, description: 'sealed attrs: commitments (per policy tier) to attrs the verifier does not see' },
)

/** The opening of a sealed intent's commitments: sent beside the signed part in POST /intents only. */
export const IntentOpening = Type.Object(
  {
    attrs: InputMap,
    salt: Type.String({ pattern: FIELD_HEX_PATTERN, description: 'the salt the commitments end with: a random field element, never 0, kept secret' }),
  },
  { additionalProperties: false },
)

export const SealedIntentShapeA = Type.Object(
  {
    payload: Type.Object({ id: IntentId, template_id: HashDigest, sealed: SealedAttrs, agents: Type.Optional(IntentAgents) }),
    signature: Signature,
  },
  { description: 'sealed shape A: signature over UTF-8 of JCS(payload)' },
)

export const SealedIntentShapeB = Type.Object(
  {
    authorship: Authorship,
    intent: Type.Object({ id: IntentId, policy_id: HashDigest, sealed: SealedAttrs, agents: Type.Optional(IntentAgents) }),
  },
  { description: 'sealed shape B: signature over UTF-8 of JCS(intent)' },
)

/** POST /intents of a sealed intent: the signed part (either shape) and, beside it, its opening. */
export const SealedIntentSubmission = Type.Union([
  Type.Object({ ...SealedIntentShapeA.properties, opening: IntentOpening }, { description: 'sealed shape A and its opening' }),
  Type.Object({ ...SealedIntentShapeB.properties, opening: IntentOpening }, { description: 'sealed shape B and its opening' }),
])
