// The agent-binding link of a proof bundle (docs/protocol.md, "Agent-bound intents"): when the
// signed intent names its agents, the bundle must carry the proposal's `agent_authorization`, by
// one of them, over this intent and this proposal. Signatures only: no proof system involved.
import { agentOwnerIdsOf, checkAgentAuthorization, intentDigestOf, isVerityError } from '@verity/core'
import type { SignedIntentParts } from './readSignedIntent.ts'

/** Which part of the agent binding failed: the signature is absent, or it does not hold (malformed, not a named agent, altered, replayed). */
export type AgentBindingCheck = 'agent-signature-missing' | 'agent-signature'

export type AgentBinding =
  | { ok: true; agent: { ownerId: string; orchestrator: string } | 'unbound' }
  | { ok: false; reason: string; check: AgentBindingCheck }

/**
 * Checks the bundle's `agent_authorization` against the intent's agents; `unbound` for an intent
 * that names none (the field is then not looked at).
 * @example const binding = checkBundleAgent(intent, bundle.proposal, bundle.agent_authorization)
 */
export function checkBundleAgent(intent: SignedIntentParts, proposal: { solution: string; metadata: unknown }, authorization: unknown): AgentBinding {
  if (intent.agents === undefined) return { ok: true, agent: 'unbound' }
  let agentOwnerIds: string[]
  try {
    agentOwnerIds = agentOwnerIdsOf(intent.agents, 'signed_intent agents')
  } catch (error) {
    if (!isVerityError(error)) throw error
    return { ok: false, reason: error.message, check: 'agent-signature' }
  }
  if (authorization === undefined || authorization === null)
    return { ok: false, reason: 'the intent names its agents, but the bundle carries no agent_authorization: nothing shows that a named agent made this proposal', check: 'agent-signature-missing' }
  const binding = { action: 'proposal' as const, intentId: intent.id, intentDigest: intentDigestOf(intent.signedBytes), solution: proposal.solution, metadata: proposal.metadata }
  const check = checkAgentAuthorization(authorization, binding, agentOwnerIds)
  if (!check.ok) return { ok: false, reason: check.reason, check: 'agent-signature' }
  return { ok: true, agent: { ownerId: check.agentOwnerId, orchestrator: (authorization as { orchestrator: string }).orchestrator } }
}
