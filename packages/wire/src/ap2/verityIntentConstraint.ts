// The Verity constraint type for AP2 open Checkout Mandates (docs/ap2-verity-constraint.md): an
// extension of AP2's Mandate Constraints (docs/ap2/specification.md, "Extension Points"). The open
// mandate names a Verity intent; a closed Checkout Mandate meets it when its merchant-signed
// checkout is the checkout the intent's proof covers and the proof bundle verifies.
import { Type } from 'typebox'
import { Base58, HashDigest, IntentId } from '../encodings.ts'

/** The constraint's `type` (reverse-DNS, as AP2 recommends for new constraint types). */
export const VERITY_INTENT_CONSTRAINT_TYPE = 'dev.verity.intent'

/**
 * The binding of the agent's P-256 mandate key (`cnf.jwk`) to one of the intent's named Ed25519
 * agents: that agent's signature over AGENT_BINDING_TAG, the intent id and the RFC 7638
 * thumbprint of `cnf.jwk`, one per line (docs/ap2-verity-constraint.md, "Who can check out").
 */
export const VerityAgentBinding = Type.Object(
  {
    agent: Base58('the named agent\'s Ed25519 public key', 32),
    signature: Base58('its Ed25519 signature over the binding message', 64),
  },
  { additionalProperties: false },
)

/** The first line of the message an agent binding signs (no other Verity signature starts with it). */
export const VERITY_AGENT_BINDING_TAG = 'verity/ap2-agent-binding/v1'

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
    agent_binding: Type.Optional(VerityAgentBinding),
  },
  { additionalProperties: false, description: 'a Verity intent whose proof the closed checkout must be covered by' },
)
