import { VerityError } from '@verity/core'

// Reasons an SDL submission is refused. `submitSdl` answers them as `{ status: 'failed', code,
// reason }`; none of them changes the base layer's state.

/** No agreement registers the SDL's shard. */
export class AgreementNotFoundError extends VerityError {
  readonly code = 'AGREEMENT_NOT_FOUND'
  constructor(readonly fields: { shard: number }) {
    super(`no domain agreement for shard ${fields.shard}`)
  }
}

/** Too many SDL submissions are waiting for verification; retry later. Thrown, not answered as a failed SDL. */
export class SettlementBusyError extends VerityError {
  readonly code = 'SETTLEMENT_BUSY'
  constructor(readonly fields: { queued: number; queueMax: number }) {
    super(`${fields.queued} SDL submissions are already waiting (limit ${fields.queueMax}): retry later`)
  }
}

/** The shard's agreement exists but is still pending. */
export class AgreementNotActiveError extends VerityError {
  readonly code = 'AGREEMENT_NOT_ACTIVE'
  constructor(readonly fields: { shard: number; activatesAtMs: number }) {
    super(`the domain agreement for shard ${fields.shard} is not active yet (activates at ${new Date(fields.activatesAtMs).toISOString()})`)
  }
}

/** The submission is not signed by the operator of the shard's agreement. */
export class NotOperatorError extends VerityError {
  readonly code = 'NOT_OPERATOR'
  constructor(readonly fields: { shard: number; signer: string; operator: string }) {
    super(`signer ${fields.signer} is not the operator of shard ${fields.shard} (operator ${fields.operator})`)
  }
}

/** The SDL was applied already: a replay. */
export class SdlAlreadyAppliedError extends VerityError {
  readonly code = 'SDL_ALREADY_APPLIED'
  constructor(readonly fields: { hash: string; sequence: bigint }) {
    super(`SDL ${fields.hash} was already applied as sequence ${fields.sequence}`)
  }
}

/** The SDL's sequence is not the shard's next one. */
export class SdlOutOfOrderError extends VerityError {
  readonly code = 'SDL_OUT_OF_ORDER'
  constructor(readonly fields: { shard: number; sequenceExpected: bigint; sequenceGot: bigint }) {
    super(`SDL sequence ${fields.sequenceGot} for shard ${fields.shard} is out of order: expected ${fields.sequenceExpected}`)
  }
}

/** The SDL's previous hash is not the hash of the shard's last applied SDL. */
export class SdlPreviousHashMismatchError extends VerityError {
  readonly code = 'SDL_PREVIOUS_HASH_MISMATCH'
  constructor(readonly fields: { shard: number; expected: string | null; got: string | null }) {
    super(`SDL previous hash ${fields.got} does not match the last applied SDL of shard ${fields.shard}: ${fields.expected}`)
  }
}

/** A hash sent with the SDL is not the hash of its content. */
export class SdlHashMismatchError extends VerityError {
  readonly code = 'SDL_HASH_MISMATCH'
  constructor(readonly fields: { claimed: string; computed: string }) {
    super(`SDL hash ${fields.claimed} does not match its content (content hashes to ${fields.computed})`)
  }
}

/** The SDL's root before is not the shard's finalized root. */
export class SdlRootMismatchError extends VerityError {
  readonly code = 'SDL_ROOT_MISMATCH'
  constructor(readonly fields: { shard: number; expected: string; got: string }) {
    super(`SDL starts from root ${fields.got} but the finalized root of shard ${fields.shard} is ${fields.expected}`)
  }
}

/** A proof is missing, malformed, for the wrong circuit, or does not verify. */
export class SdlProofInvalidError extends VerityError {
  readonly code = 'SDL_PROOF_INVALID'
  constructor(readonly fields: { reason: string }, options?: { cause?: unknown; index?: number }) {
    super(`SDL proof rejected: ${fields.reason}`, options)
  }
}

/** The incoming credits the SDL consumes are not exactly the next ones delivered to its shard. */
export class CreditsMismatchError extends VerityError {
  readonly code = 'CREDITS_MISMATCH'
  constructor(readonly fields: { shard: number; reason: string }) {
    super(`incoming credits of shard ${fields.shard} do not match: ${fields.reason}`)
  }
}

/** A transaction of the SDL does not verify natively (signature, signer, shard). */
export class SdlTransactionInvalidError extends VerityError {
  readonly code = 'SDL_TRANSACTION_INVALID'
  constructor(readonly fields: { index: number; reason: string }) {
    super(`SDL transaction ${fields.index}: ${fields.reason}`, { index: fields.index })
  }
}

/** A mandate payment of the SDL is not authorized by its proof bundle, or its intent paid already (the bundle's refusal code in `refusal`). */
export class SdlMandateInvalidError extends VerityError {
  readonly code = 'SDL_MANDATE_INVALID'
  constructor(readonly fields: { index: number; refusal: string; reason: string }) {
    super(`SDL transaction ${fields.index}: mandate payment refused (${fields.refusal}): ${fields.reason}`, { index: fields.index })
  }
}

/** The SDL's state diffs cannot be applied to the finalized view (a broken law). */
export class SdlStateInvalidError extends VerityError {
  readonly code = 'SDL_STATE_INVALID'
  constructor(readonly fields: { reason: string }, options?: { cause?: unknown }) {
    super(`SDL state diffs do not apply to the finalized state: ${fields.reason}`, options)
  }
}
