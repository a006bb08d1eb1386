// Agent-bound intents (our extension, docs/protocol.md "Agent-bound intents"): the signed intent
// object may carry `agents`, the public keys of the agents the user lets propose; a proposal for
// such an intent carries `agent_authorization` beside the spec's `solution` and `metadata`, and the
// proof bundle carries it too. @verity/core's agentOwnerIdsOf and checkAgentAuthorization are the
// exact decoders (MALFORMED_AGENT_KEY, AGENT_SIGNATURE_*).
import { limits } from '@verity/core'
import { Type } from 'typebox'
import { Base58 } from '../encodings.ts'
import { MultisigPubKey, Signature } from '../Signature.ts'
import { Proposal } from './proposal.ts'

/** One agent's public key: the Signature union's scheme keys, each with the key only. */
export const AgentKey = Type.Union(
  [
    Type.Object({ Ed25519: Base58('base58 of the 32-byte Ed25519 public key', 32) }, { additionalProperties: false }),
    Type.Object({ Passkey: Base58('base58 SEC1 P-256 public key (33 or 65 bytes)', 65) }, { additionalProperties: false }),
    Type.Object({ Multisig: MultisigPubKey }, { additionalProperties: false }),
  ],
  { description: 'an agent public key: exactly one scheme key (Ed25519, Passkey or Multisig)' },
)

/** `agents` of a signed intent: who may propose (absent: anyone, as the spec has it). */
export const IntentAgents = Type.Array(AgentKey, {
  minItems: 1,
  maxItems: limits.INTENT_AGENTS_MAX,
  description: 'our extension: only these agents may propose for the intent (docs/protocol.md, "Agent-bound intents")',
})

/** A named agent's signature over the proposal, for the orchestrator it names. */
export const AgentAuthorization = Type.Object(
  {
    orchestrator: Type.String({ minLength: 1, maxLength: limits.ORCHESTRATOR_ORIGIN_CHARS_MAX, description: "the origin of the orchestrator proposed to, e.g. https://orchestrator.example" }),
    signature: Signature,
  },
  { additionalProperties: false, description: 'signature over UTF-8 JCS of {tag: "verity/agent-proposal/v1", action, orchestrator, intent_id, intent_digest, solution, metadata}' },
)

/** POST /intents/{intent_id}/proposal and /check: the spec's Proposal, plus `agent_authorization` for an agent-bound intent. */
export const ProposalSubmission = Type.Object(
  { ...Proposal.properties, agent_authorization: Type.Optional(AgentAuthorization) },
  { description: 'the spec\'s Proposal; agent_authorization (our extension) is required when the intent names agents' },
)
