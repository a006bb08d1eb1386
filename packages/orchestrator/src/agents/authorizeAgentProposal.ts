import { checkAgentAuthorization, intentDigestOf, parseJsonBigint, type AgentAuthorization, type AgentProposalAction, type PasskeyPolicy } from '@verity/core'
import { AgentNotNamedError, AgentOrchestratorMismatchError, AgentSignatureInvalidError, AgentSignatureRequiredError } from '../errors/agentErrors.ts'
import { MalformedProposalError } from '../errors/proposalErrors.ts'
import { describeNotNamed } from './describeNotNamed.ts'
import { parseSignedIntent } from '../intents/parseSignedIntent.ts'
import type { SubmittedProposal } from '../proposals/parseProposal.ts'

/** The agents a stored intent names: their owner ids and the digest of the intent's signed bytes. */
export type IntentAgents = { agents: unknown; agentOwnerIds: readonly string[]; intentDigest: string }

/**
 * The agents of a stored signed intent, or undefined when it names none. An intent whose JSON
 * does not contain `"agents"` names none and costs no parsing.
 */
export function intentAgentsOf(signedIntentJson: string): IntentAgents | undefined {
  if (!signedIntentJson.includes('"agents"')) return undefined
  const parsed = parseSignedIntent(parseJsonBigint(signedIntentJson))
  if (parsed.agentOwnerIds === undefined) return undefined
  return { agents: parsed.agents, agentOwnerIds: parsed.agentOwnerIds, intentDigest: intentDigestOf(parsed.signedBytes) }
}

export type AgentProposalRequest = {
  intentId: string
  signedIntentJson: string
  proposal: SubmittedProposal
  action: AgentProposalAction
  /** acceptedOrchestratorOrigins of this request */
  acceptedOrigins: readonly string[]
  passkeyPolicy?: PasskeyPolicy
}

/**
 * For an agent-bound intent, checks the proposal's `agent_authorization` before anything is
 * consumed (docs/protocol.md, "Agent-bound intents"): present (401 AGENT_SIGNATURE_REQUIRED), for
 * this orchestrator (403 AGENT_ORCHESTRATOR_MISMATCH), by a named agent (403 AGENT_NOT_NAMED),
 * verifying over this action, intent and proposal (401 AGENT_SIGNATURE_INVALID). Returns the
 * authorization to store with the proposal, or undefined for an intent that names no agent (any
 * authorization sent is then ignored).
 */
export function authorizeAgentProposal(request: AgentProposalRequest): AgentAuthorization | undefined {
  const agents = intentAgentsOf(request.signedIntentJson)
  if (agents === undefined) return undefined
  const { intentId, proposal } = request
  const authorization = proposal.agentAuthorization
  if (authorization === undefined) throw new AgentSignatureRequiredError({ intentId })
  if (!request.acceptedOrigins.includes(authorization.orchestrator))
    throw new AgentOrchestratorMismatchError({ intentId, orchestrator: authorization.orchestrator, accepted: request.acceptedOrigins })
  const binding = { action: request.action, intentId, intentDigest: agents.intentDigest, solution: proposal.solution, metadata: proposal.metadata }
  const check = checkAgentAuthorization(authorization, binding, agents.agentOwnerIds, request.passkeyPolicy)
  if (check.ok) return authorization
  if (check.kind === 'not-named') throw new AgentNotNamedError({ intentId, reason: describeNotNamed(agents.agents, authorization) })
  if (check.kind === 'malformed') throw new MalformedProposalError({ reason: check.reason })
  throw new AgentSignatureInvalidError({ intentId, reason: check.reason })
}
