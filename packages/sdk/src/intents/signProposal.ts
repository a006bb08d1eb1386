// Proposals of agent-bound intents (docs/protocol.md, "Agent-bound intents"): the named agent signs
// the proposal for one orchestrator, one intent and one action.
import { intentDigestOf, orchestratorOrigin, signAgentProposal, type AgentAuthorization, type AgentProposalAction, type Signer } from '@verity/core'
import { readSignedIntent } from '../proofs/readSignedIntent.ts'

export type SignProposalParameters = {
  /** The agent's signer: one of the keys the intent's `agents` names. */
  agent: Signer
  /** The orchestrator's base URL as the agent reaches it (its origin is signed). */
  orchestratorUrl: string
  /** The signed intent (GET /intents/{id}), whose signed bytes the signature binds. */
  signedIntent: unknown
  solution: string
  metadata: unknown
  /** `proposal` (default) for POST /intents/{id}/proposal, `check` for the dry run. */
  action?: AgentProposalAction
}

/** A proposal body with the agent's signature: the spec's fields and `agent_authorization`. */
export type SignedProposal = { solution: string; metadata: unknown; agent_authorization: AgentAuthorization }

/**
 * Signs a proposal as a named agent: the body for POST /intents/{id}/proposal (or /check with
 * `action: 'check'`).
 * @example const body = signProposal({ agent, orchestratorUrl, signedIntent: await client.getIntent(id), solution, metadata })
 */
export function signProposal(parameters: SignProposalParameters): SignedProposal {
  const intent = readSignedIntent(parameters.signedIntent)
  const authorization = signAgentProposal(parameters.agent, {
    action: parameters.action ?? 'proposal',
    orchestrator: orchestratorOrigin(parameters.orchestratorUrl),
    intentId: intent.id,
    intentDigest: intentDigestOf(intent.signedBytes),
    solution: parameters.solution,
    metadata: parameters.metadata,
  })
  return { solution: parameters.solution, metadata: parameters.metadata, agent_authorization: authorization }
}

/** Whether a signed intent names agents (then only they may propose for it). */
export function intentNamesAgents(signedIntent: unknown): boolean {
  return readSignedIntent(signedIntent).agents !== undefined
}
