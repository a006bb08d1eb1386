// The Verity constraint type for AP2 open Checkout Mandates (docs/ap2-verity-constraint.md): an
// extension of AP2's Mandate Constraints (docs/ap2/specification.md, "Extension Points"). The open
// mandate names a Verity intent; a closed Checkout Mandate meets it when its merchant-signed
// checkout is the checkout the intent's proof covers and the proof bundle verifies.
import { Type } from 'typebox'
import { HashDigest, IntentId } from '../encodings.ts'

/** The constraint's `type` (reverse-DNS, as AP2 recommends for new constraint types). */
export const VERITY_INTENT_CONSTRAINT_TYPE = 'dev.verity.intent'

/** Characters of the orchestrator URL a constraint may name. */
export const VERITY_ORCHESTRATOR_URL_CHARS_MAX = 512

/** `{"type": "dev.verity.intent", …}` in the `constraints` of an open Checkout Mandate (`mandate.checkout.open.1`). */
export const VerityIntentConstraint = Type.Object(
  {
    type: Type.Literal(VERITY_INTENT_CONSTRAINT_TYPE),
    orchestrator: Type.String({ minLength: 1, maxLength: VERITY_ORCHESTRATOR_URL_CHARS_MAX, pattern: '^https?://', description: 'base URL of the orchestrator that holds the intent (GET /proofs/{intent_id} there gives its proof bundle)' }),
    intent_id: IntentId,
    template_id: HashDigest,
    commitments: Type.Optional(
      Type.Record(Type.String({ pattern: '^[a-z_]{1,32}$' }), Type.String({ pattern: '^0x[0-9a-f]{64}$' }), {
        minProperties: 1,
        maxProperties: 8,
        description: 'a sealed intent (docs/protocol.md, "Sealed intents"): its `sealed.commitments`, exactly as signed',
      }),
    ),
  },
  { additionalProperties: false, description: 'a Verity intent whose proof the closed checkout must be covered by' },
)
