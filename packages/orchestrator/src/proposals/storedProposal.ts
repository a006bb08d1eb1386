import { parseJsonBigint, stringifyJsonBigint, type AgentAuthorization } from '@verity/core'
import type { Proposal } from './parseProposal.ts'

// The stored proposal (`proposal_json`): the spec's `{solution, metadata}`, plus
// `agent_authorization` when the intent names its agents (kept for the proof bundle; never in events).

/** The JSON text stored for an accepted proposal. */
export function storedProposalJson(proposal: Proposal, agentAuthorization: AgentAuthorization | undefined): string {
  const spec = { solution: proposal.solution, metadata: proposal.metadata }
  return stringifyJsonBigint(agentAuthorization === undefined ? spec : { ...spec, agent_authorization: agentAuthorization })
}

/** The spec's proposal and the agent's authorization (if any) of a stored proposal. */
export function readStoredProposal(proposalJson: string): { proposal: Proposal; agentAuthorization: AgentAuthorization | undefined } {
  const stored = parseJsonBigint(proposalJson) as Proposal & { agent_authorization?: AgentAuthorization }
  return { proposal: { solution: stored.solution, metadata: stored.metadata }, agentAuthorization: stored.agent_authorization }
}
