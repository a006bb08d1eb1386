import type { PasskeyPolicy } from '@verity/core'
import { ProofQueueFullError } from '@verity/prover'
import { authorizeAgentProposal } from '../agents/authorizeAgentProposal.ts'
import {
  IntentExpiredError,
  IntentTemplateMissingError,
  ProposalExistsError,
  UnknownIntentError,
} from '../errors/proposalErrors.ts'
import type { OrchestratorStore } from '../store/OrchestratorStore.ts'
import { parseProposal } from './parseProposal.ts'
import { storedProposalJson } from './storedProposal.ts'

export type SubmitProposalDependencies = {
  store: OrchestratorStore
  nowMs: () => number
  backlogMax: number
  /** Tells the job runner that work is waiting (it would find it on its next poll anyway). */
  onAccepted: (intentId: string) => void
  /** The origins an agent-bound proposal may be signed for here (acceptedOrchestratorOrigins). */
  acceptedOrigins: readonly string[]
  passkeyPolicy?: PasskeyPolicy
}

/**
 * Accepts the one proposal of a pending intent and moves it to `proving`. The check and the state
 * change happen in one store transaction, so concurrent proposals get exactly one acceptance. For
 * an agent-bound intent the agent's signature is checked first, so a proposal without a valid one
 * uses nothing up (an intent's agents never change, so checking before the transaction is sound).
 */
export async function submitProposal(deps: SubmitProposalDependencies, intentId: string, body: unknown): Promise<void> {
  const proposal = parseProposal(body)
  const intent = await deps.store.getIntent(intentId)
  const agentAuthorization =
    intent === undefined
      ? undefined
      : authorizeAgentProposal({ intentId, signedIntentJson: intent.signedIntentJson, proposal, action: 'proposal', acceptedOrigins: deps.acceptedOrigins, ...(deps.passkeyPolicy === undefined ? {} : { passkeyPolicy: deps.passkeyPolicy }) })
  const result = await deps.store.acceptProposal({
    intentId,
    proposalJson: storedProposalJson(proposal, agentAuthorization),
    nowMs: deps.nowMs(),
    backlogMax: deps.backlogMax,
  })
  switch (result.kind) {
    case 'accepted':
      deps.onAccepted(intentId)
      return
    case 'unknown_intent':
      throw new UnknownIntentError({ intentId })
    case 'template_missing':
      throw new IntentTemplateMissingError({ intentId, templateId: result.templateId })
    case 'has_proposal':
      throw new ProposalExistsError({ intentId })
    case 'expired':
      throw new IntentExpiredError({ intentId })
    case 'queue_full':
      throw new ProofQueueFullError({ what: 'proposals being proven', queueMax: deps.backlogMax })
  }
}
