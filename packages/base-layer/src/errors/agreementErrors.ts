import { VerityError } from '@verity/core'

/** The operator key has no native balance at genesis: it must be pre-funded. */
export class OperatorNotFundedError extends VerityError {
  readonly code = 'OPERATOR_NOT_FUNDED'
  constructor(readonly fields: { ownerId: string }) {
    super(`operator ${fields.ownerId} has no native balance on the base layer: the key must be pre-funded`)
  }
}

/** The shard already belongs to another operator's agreement. */
export class ShardTakenError extends VerityError {
  readonly code = 'SHARD_TAKEN'
  constructor(readonly fields: { shard: number; operator: string }) {
    super(`shard ${fields.shard} is already operated by ${fields.operator}`)
  }
}

/** A signed operator request reuses a nonce (a replay, or an older request arriving late). */
export class StaleNonceError extends VerityError {
  readonly code = 'STALE_NONCE'
  constructor(readonly fields: { ownerId: string; nonce: bigint; nonceLast: bigint }) {
    super(`nonce ${fields.nonce} of operator ${fields.ownerId} is not above its last nonce ${fields.nonceLast}`)
  }
}
