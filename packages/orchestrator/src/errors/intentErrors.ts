import { VerityError } from '@verity/core'

/** The body of POST /intents is neither shape A `{payload, signature}` nor shape B `{authorship, intent}`, or a field is wrong. */
export class MalformedIntentError extends VerityError {
  readonly code = 'MALFORMED_INTENT'
  constructor(readonly fields: { reason: string }) {
    super(`malformed intent: ${fields.reason}`)
  }
}

/** A shape-B intent with authorship `Unsigned` while `allow_unsigned_intents` is off. */
export class UnsignedIntentRefusedError extends VerityError {
  readonly code = 'UNSIGNED_INTENT_REFUSED'
  constructor() {
    super('unsigned intents are not accepted by this orchestrator (allow_unsigned_intents is off); sign the intent')
  }
}

/** An intent refers to a template that is not stored. */
export class UnknownTemplateError extends VerityError {
  readonly code = 'UNKNOWN_TEMPLATE'
  constructor(readonly fields: { templateId: string }) {
    super(`template ${fields.templateId} does not exist`)
  }
}

/** An intent with this id was already accepted (whatever its body). */
export class IntentExistsError extends VerityError {
  readonly code = 'INTENT_EXISTS'
  constructor(readonly fields: { intentId: string }) {
    super(`intent ${fields.intentId} already exists`)
  }
}

/** No intent with this id is stored. */
export class IntentNotFoundError extends VerityError {
  readonly code = 'INTENT_NOT_FOUND'
  constructor(readonly fields: { intentId: string }) {
    super(`intent ${fields.intentId} not found`)
  }
}

/**
 * A sealed intent's opening does not open what the user signed: a commitment recomputed from
 * the opening differs (or the tiers do not match), or a disclosed attr differs from the opening's.
 * Names the tier or the field, never a value.
 */
export class SealedOpeningMismatchError extends VerityError {
  readonly code = 'SEALED_OPENING_MISMATCH'
  constructor(readonly fields: { reason: string }) {
    super(`the opening does not open the sealed intent: ${fields.reason}`)
  }
}
