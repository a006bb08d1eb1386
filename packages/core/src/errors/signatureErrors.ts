import { VerityError } from './VerityError.ts'

/** A signature whose shape is wrong: a missing or extra key, a wrong length, a bad encoding. */
export class MalformedSignatureError extends VerityError {
  readonly code = 'MALFORMED_SIGNATURE'
  constructor(readonly fields: { field: string; reason: string }, options?: { cause?: unknown; index?: number }) {
    super(`malformed signature: ${fields.field}: ${fields.reason}`, options)
  }
}

/** A well-formed signature that does not verify over the signed bytes. */
export class InvalidSignatureError extends VerityError {
  readonly code = 'INVALID_SIGNATURE'
  constructor(readonly fields: { reason: string }, options?: { cause?: unknown; index?: number }) {
    super(`invalid signature: ${fields.reason}`, options)
  }
}

/** A named agent's public key (an intent's `agents` entry) whose shape is wrong. */
export class MalformedAgentKeyError extends VerityError {
  readonly code = 'MALFORMED_AGENT_KEY'
  constructor(readonly fields: { field: string; reason: string }, options?: { cause?: unknown }) {
    super(`malformed agent key: ${fields.field}: ${fields.reason}`, options)
  }
}
