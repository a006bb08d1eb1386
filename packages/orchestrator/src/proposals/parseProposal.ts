import { limits, type AgentAuthorization, type Signature } from '@verity/core'
import { MalformedProposalError } from '../errors/proposalErrors.ts'
import { SOLUTION_CHARS_MAX } from '../limits.ts'

/** A proposal as the spec defines it: the solution's identifier and metadata for the evidence layer. */
export type Proposal = { solution: string; metadata: unknown }

/** A proposal as submitted: the spec's fields and, for an agent-bound intent, the agent's signature (our extension). */
export type SubmittedProposal = Proposal & { agentAuthorization?: AgentAuthorization }

/**
 * Reads `{solution, metadata, agent_authorization?}`; throws MalformedProposalError naming the
 * field. `agent_authorization` is checked for its shape only here (authorizeAgentProposal verifies it).
 */
export function parseProposal(body: unknown): SubmittedProposal {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new MalformedProposalError({ reason: 'body must be a JSON object {solution, metadata}' })
  const record = body as Record<string, unknown>
  for (const key of Object.keys(record))
    if (key !== 'solution' && key !== 'metadata' && key !== 'agent_authorization') throw new MalformedProposalError({ reason: `unknown field ${key}` })
  if (typeof record.solution !== 'string') throw new MalformedProposalError({ reason: 'solution must be a string' })
  if (record.solution.length === 0) throw new MalformedProposalError({ reason: 'solution must not be empty' })
  if (record.solution.length > SOLUTION_CHARS_MAX)
    throw new MalformedProposalError({ reason: `solution is longer than ${SOLUTION_CHARS_MAX} characters` })
  if (!('metadata' in record)) throw new MalformedProposalError({ reason: 'missing required field metadata' })
  const proposal = { solution: record.solution, metadata: record.metadata }
  if (record.agent_authorization === undefined) return proposal
  return { ...proposal, agentAuthorization: readAgentAuthorization(record.agent_authorization) }
}

/** The spec's proposal (what is stored, sent to the extractor and carried by events), without the agent's signature. */
export function specProposalOf(proposal: SubmittedProposal): Proposal {
  return { solution: proposal.solution, metadata: proposal.metadata }
}

function readAgentAuthorization(value: unknown): AgentAuthorization {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new MalformedProposalError({ reason: 'agent_authorization must be an object {orchestrator, signature}' })
  const record = value as Record<string, unknown>
  for (const key of Object.keys(record))
    if (key !== 'orchestrator' && key !== 'signature') throw new MalformedProposalError({ reason: `agent_authorization has unknown field ${key}` })
  if (typeof record.orchestrator !== 'string' || record.orchestrator.length === 0 || record.orchestrator.length > limits.ORCHESTRATOR_ORIGIN_CHARS_MAX)
    throw new MalformedProposalError({ reason: `agent_authorization.orchestrator must be the orchestrator's origin (1 to ${limits.ORCHESTRATOR_ORIGIN_CHARS_MAX} characters)` })
  if (record.signature === null || typeof record.signature !== 'object' || Array.isArray(record.signature))
    throw new MalformedProposalError({ reason: 'agent_authorization.signature must be a Signature object (Ed25519, Passkey or Multisig)' })
  return { orchestrator: record.orchestrator, signature: record.signature as Signature }
}
