import { VerityError } from '@verity/core'

/**
 * A payable intent that names no agent, of a template whose payee nothing ties to what the user
 * signed: whoever proposed first would choose who is paid (docs/protocol.md, "Agent-bound intents").
 */
export class PayableIntentUnboundError extends VerityError {
  readonly code = 'PAYABLE_INTENT_UNBOUND'
  constructor(readonly fields: { intentId: string; templateId: string }) {
    super(
      `intent ${fields.intentId} is payable, but its template ${fields.templateId} does not tie evidence.payee to what the user signs ` +
        'and the intent names no agent, so whoever proposes first would choose who is paid: either name the agents that may propose ' +
        '(`agents` in the signed intent; verity intent create --agent KEY) or use a template with a payee constraint ' +
        '(e.g. `evidence.payee in intent.allowed_payees;`)',
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
