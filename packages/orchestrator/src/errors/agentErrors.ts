import { VerityError } from '@verity/core'

/**
 * A payable intent that names no agent: whoever proposed first would choose what is bought, how
 * many, where it ships and who is paid (docs/protocol.md, "Agent-bound intents").
 */
export class PayableIntentUnboundError extends VerityError {
  readonly code = 'PAYABLE_INTENT_UNBOUND'
  constructor(readonly fields: { intentId: string; templateId: string }) {
    super(
      `intent ${fields.intentId} is payable (template ${fields.templateId}) but names no agent: whoever proposed first would choose ` +
        'what is bought, how many and where it ships, so a payable intent must name the agents that alone may propose; ' +
        'name the agent (`agents` in the signed intent; verity intent create --agent KEY)',
    )
  }
}

/**
 * A dry run (POST /intents/{id}/check) of a sealed intent that names no agent: its answers, asked
 * for by anyone with prices and sizes of their choosing, would reveal the sealed limits.
 */
export class SealedCheckUnauthorizedError extends VerityError {
  readonly code = 'SEALED_CHECK_UNAUTHORIZED'
  constructor(readonly fields: { intentId: string }) {
    super(
      `intent ${fields.intentId} is sealed and names no agents: its dry run would answer anyone who asks, and its answers would reveal ` +
        'the sealed limits, so it answers nobody; to use the dry run, name the agents in the sealed intent ' +
        '(verity intent create --sealed --agent KEY) and sign the check with one of them',
    )
  }
}

/** A proposal (or dry run) for an agent-bound intent without `agent_authorization`. */
export class AgentSignatureRequiredError extends VerityError {
  readonly code = 'AGENT_SIGNATURE_REQUIRED'
  constructor(readonly fields: { intentId: string }) {
    super(`intent ${fields.intentId} names its agents: the proposal must carry agent_authorization, signed by one of them (the intent's one proposal is not used)`)
  }
}

/** `agent_authorization` signed by a key the intent does not name. */
export class AgentNotNamedError extends VerityError {
  readonly code = 'AGENT_NOT_NAMED'
  constructor(readonly fields: { intentId: string; reason: string }) {
    super(`${fields.reason} (intent ${fields.intentId}; its one proposal is not used)`)
  }
}

/** `agent_authorization` by a named agent that does not verify over this action, intent and proposal. */
export class AgentSignatureInvalidError extends VerityError {
  readonly code = 'AGENT_SIGNATURE_INVALID'
  constructor(readonly fields: { intentId: string; reason: string }) {
    super(`${fields.reason} (the intent's one proposal is not used)`)
  }
}

/** `agent_authorization` signed for another orchestrator than this one. */
export class AgentOrchestratorMismatchError extends VerityError {
  readonly code = 'AGENT_ORCHESTRATOR_MISMATCH'
  constructor(readonly fields: { intentId: string; orchestrator: string; accepted: readonly string[] }) {
    super(
      `agent_authorization is signed for orchestrator ${JSON.stringify(fields.orchestrator.slice(0, 200))}, not this one ` +
        `(${fields.accepted.join(', ')}; set --public-urls when clients reach it under another URL); the intent's one proposal is not used`,
    )
  }
}
