import { VerityError } from '@verity/core'

/** A proposal names an intent that is not stored (400: the spec lists no 404 for proposals). */
export class UnknownIntentError extends VerityError {
  readonly code = 'UNKNOWN_INTENT'
  constructor(readonly fields: { intentId: string }) {
    super(`intent ${fields.intentId} does not exist`)
  }
}

/** A proposal for an intent whose template was deleted. */
export class IntentTemplateMissingError extends VerityError {
  readonly code = 'INTENT_TEMPLATE_MISSING'
  constructor(readonly fields: { intentId: string; templateId: string }) {
    super(`template ${fields.templateId} of intent ${fields.intentId} no longer exists`)
  }
}

/** The intent already has its one proposal. */
export class ProposalExistsError extends VerityError {
  readonly code = 'PROPOSAL_EXISTS'
  constructor(readonly fields: { intentId: string }) {
    super(`intent ${fields.intentId} already has a proposal`)
  }
}

/** The intent expired before this proposal arrived. */
export class IntentExpiredError extends VerityError {
  readonly code = 'INTENT_EXPIRED'
  constructor(readonly fields: { intentId: string }) {
    super(`intent ${fields.intentId} has expired`)
  }
}

/** A proposal body is not `{solution: string, metadata: any}`. */
export class MalformedProposalError extends VerityError {
  readonly code = 'MALFORMED_PROPOSAL'
  constructor(readonly fields: { reason: string }) {
    super(`malformed proposal: ${fields.reason}`)
  }
}

/** No proof is stored for this intent (it is not proven, or does not exist). */
export class ProofNotFoundError extends VerityError {
  readonly code = 'PROOF_NOT_FOUND'
  constructor(readonly fields: { intentId: string; status?: string }) {
    super(
      fields.status === undefined
        ? `intent ${fields.intentId} not found`
        : `no proof for intent ${fields.intentId} (status ${fields.status})`,
    )
  }
}
