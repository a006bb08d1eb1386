// Typed failures of the domain service. Each has a stable `code` (listed in docs/domain.md);
// the HTTP status of each code is given in one table at the edge (http/httpStatusByCode.ts).
import { VerityError } from '@verity/core'

/** GET /vaults/{owner_id} for a vault this domain has never seen. */
export class VaultNotFoundError extends VerityError {
  readonly code = 'VAULT_NOT_FOUND'
  constructor(readonly fields: { ownerId: string }) {
    super(`vault ${fields.ownerId} not found`)
  }
}

/** An SDL hash this domain does not know. */
export class SdlNotFoundError extends VerityError {
  readonly code = 'SDL_NOT_FOUND'
  constructor(readonly fields: { hash: string }) {
    super(`SDL ${fields.hash} not found`)
  }
}

/** A batch with no elements, or more than the limit. */
export class BatchSizeError extends VerityError {
  readonly code = 'BATCH_SIZE'
  constructor(readonly fields: { elementCount: number; elementsMax: number }) {
    super(
      fields.elementCount === 0
        ? 'batch is empty: send at least one element'
        : `batch has ${fields.elementCount} elements, at most ${fields.elementsMax} are accepted per request`,
    )
  }
}

/** An SDL step asked for in a state that does not allow it (e.g. submit_proof before Proven). */
export class SdlStateConflictError extends VerityError {
  readonly code = 'SDL_STATE_CONFLICT'
  constructor(readonly fields: { hash: string; state: string; action: string; allowed: readonly string[] }) {
    super(`SDL ${fields.hash} is ${fields.state}: cannot ${fields.action} (allowed from ${fields.allowed.join(', ')})`)
  }
}

/** submit_proof for an SDL whose predecessor is not applied on the base layer yet (SDLs settle in order). */
export class SdlOrderError extends VerityError {
  readonly code = 'SDL_ORDER'
  constructor(readonly fields: { hash: string; previousHash: string; previousState: string }) {
    super(`SDL ${fields.hash} settles after ${fields.previousHash}, which is ${fields.previousState}: submit that proof first`)
  }
}

/**
 * A transaction broke a configured guardrail (a local law). `constraintIndex` is zero-based in the
 * template's `requires`, or -1 when the evidence did not fit the template (a missing aux field).
 */
export class GuardrailRejectedError extends VerityError {
  readonly code = 'GUARDRAIL_REJECTED'
  constructor(
    readonly fields: {
      index: number
      guardrail: string
      constraintIndex: number
      prettyExpr: string
      reason: string
    },
  ) {
    super(
      fields.constraintIndex < 0
        ? `transaction ${fields.index}: guardrail ${fields.guardrail}: ${fields.reason}`
        : `transaction ${fields.index}: guardrail ${fields.guardrail} constraint[${fields.constraintIndex}] failed: ${fields.reason}`,
      { index: fields.index },
    )
  }
}

/**
 * A transaction credits a vault on another shard, but this domain's settlement target cannot
 * deliver cross-shard credits (an EVM chain: docs/settlement-evm.md). Refused before anything is
 * debited, so no value is lost in flight.
 */
export class CrossShardCreditUnsupportedError extends VerityError {
  readonly code = 'CROSS_SHARD_CREDIT_UNSUPPORTED'
  constructor(readonly fields: { index: number; address: string; shard: number }) {
    super(
      `transaction ${fields.index} credits ${fields.address} on another shard; this domain settles on an EVM chain, which does not deliver cross-shard credits (only shard ${fields.shard})`,
      { index: fields.index },
    )
  }
}

/** The guardrail input (prove-time body) is not JSON or does not match the guardrails' intent schema. */
export class GuardrailInputError extends VerityError {
  readonly code = 'GUARDRAIL_INPUT_INVALID'
  constructor(readonly fields: { reason: string }) {
    super(`guardrail input: ${fields.reason}`)
  }
}

/** Startup could not obtain an active domain agreement for the configured shard. */
export class DomainAgreementError extends VerityError {
  readonly code = 'DOMAIN_AGREEMENT'
  constructor(readonly fields: { shard: bigint; reason: string }) {
    super(`domain agreement for shard ${fields.shard}: ${fields.reason}`)
  }
}

/**
 * At start: SDLs sealed by an earlier Verity are not applied on the base layer yet, and their
 * stored witnesses (or the proofs made from them) are for another input layout of the SDL circuit
 * than this version's (`@verity/prover` SDL_WITNESS_FORMAT). This version can neither prove nor
 * settle them as stored, and every later SDL settles after them: the domain refuses to start and
 * names `verity upgrade`, which gives them this version's witness (or refuses one by name).
 */
export class SdlWitnessFormatError extends VerityError {
  readonly code = 'SDL_WITNESS_FORMAT'
  constructor(readonly fields: { count: number; countIsLowerBound: boolean; hashes: readonly string[]; format: string }) {
    super(
      `${fields.count}${fields.countIsLowerBound ? ' or more' : ''} SDL(s) sealed by an earlier Verity are not applied on the base layer yet ` +
        `(first: ${fields.hashes.join(', ')}): their stored witnesses are for another input layout of the SDL circuit than this version's ` +
        `"${fields.format}", so this version can neither prove nor settle them as they are. Run verity upgrade first ` +
        '(verity upgrade --data-dir DIR, or --database-url URL on PostgreSQL; --dry-run shows what it does): it backs the data up and ' +
        'gives each of them this version\'s witness, to be proven and settled as usual (docs/operations.md, "Upgrading"). ' +
        'Where it refuses one, settle them with the previous version first: stop sealing new SDLs (POST /sdls/submit), prove and submit ' +
        'the pending ones until each is BaseLayerApplied, then upgrade.',
    )
  }
}

/**
 * An SDL's stored witness is for another input layout of the SDL circuit than this version's
 * (or names none: written before layouts were named). Refused before any proof is tried: the
 * SDL must be proven by the version that sealed it.
 */
export class SdlWitnessFormatUnsupportedError extends VerityError {
  readonly code = 'SDL_WITNESS_FORMAT_UNSUPPORTED'
  constructor(readonly fields: { hash: string; format: string | null; supported: string }) {
    super(
      `SDL ${fields.hash}: its stored witness is ${fields.format === null ? 'of no named input layout (an earlier Verity)' : `for input layout "${fields.format}"`}, ` +
        `this version proves "${fields.supported}" only: prove and submit it with the version that sealed it`,
    )
  }
}
