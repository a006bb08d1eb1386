import { VerityError } from '@verity/core'

/** A template (or other input) does not fit the fixed size of a circuit. */
export class CircuitBoundsError extends VerityError {
  readonly code = 'CIRCUIT_BOUNDS'
  constructor(readonly fields: { circuit: string; bound: string; limit: number; got: number; detail?: string }) {
    super(
      `${fields.circuit} circuit: ${fields.bound} exceeds the circuit's bound (${fields.got} > ${fields.limit})` +
        (fields.detail ? `: ${fields.detail}` : ''),
    )
  }
}

/** A template uses a construct the policy circuit cannot express. */
export class UnsupportedConstructError extends VerityError {
  readonly code = 'CIRCUIT_UNSUPPORTED'
  constructor(readonly fields: { circuit: string; construct: string }) {
    super(`${fields.circuit} circuit does not support ${fields.construct}`)
  }
}

/**
 * A bounded queue of proof work is full; try again later (back-pressure, services answer 503).
 * One code for every such queue: the prover's jobs, the orchestrator's proposals being proven, the
 * domain's SDLs waiting to be proven (`what` says which). Old names: PROVER_BUSY, PROVING_QUEUE_FULL.
 */
export class ProofQueueFullError extends VerityError {
  readonly code = 'PROOF_QUEUE_FULL'
  constructor(readonly fields: { what: string; queueMax: number }) {
    super(`too many ${fields.what} (at most ${fields.queueMax}); try again later`)
  }
}

/** The job was cancelled through its AbortSignal, or the prover was closed. */
export class ProofCancelledError extends VerityError {
  readonly code = 'PROOF_CANCELLED'
  constructor(readonly fields: { reason: string }) {
    super(`proof job cancelled: ${fields.reason}`)
  }
}

/** A proof artifact does not verify, or does not match the claimed statement. */
export class ProofRejectedError extends VerityError {
  readonly code = 'PROOF_REJECTED'
  constructor(readonly fields: { reason: string }) {
    super(`proof rejected: ${fields.reason}`)
  }
}

/** The inputs do not satisfy the circuit: no witness, hence no proof. */
export class WitnessError extends VerityError {
  readonly code = 'WITNESS_UNSATISFIED'
  constructor(readonly fields: { circuit: string; reason: string }) {
    super(`${fields.circuit} circuit not satisfied by the inputs: ${fields.reason}`)
  }
}

/** The CRS is missing, is not the Ignition prefix (its SHA-256 differs from the pinned one), or is too small for a circuit. */
export class CrsError extends VerityError {
  readonly code = 'CRS_INVALID'
  /** `hint`: what the operator can do about it, appended to the message. */
  constructor(readonly fields: { path: string; reason: string; hint?: string }) {
    super(`CRS at ${fields.path}: ${fields.reason}${fields.hint === undefined ? '' : `; ${fields.hint}`}`)
  }
}

/** A circuit's source could not be found or compiled. */
export class CircuitCompileError extends VerityError {
  readonly code = 'CIRCUIT_COMPILE'
  constructor(readonly fields: { circuit: string; reason: string }) {
    super(`circuit ${fields.circuit}: ${fields.reason}`)
  }
}

/** A value cannot be encoded into the circuit's field elements (out of range, wrong type). */
export class CircuitInputError extends VerityError {
  readonly code = 'CIRCUIT_INPUT'
  constructor(readonly fields: { path: string; reason: string }) {
    super(`${fields.path}: ${fields.reason}`)
  }
}

/**
 * A service's data directory holds proofs of another proof system (an older Verity: bb.js 0.82.2,
 * not zero-knowledge, a dev CRS), which this version cannot verify; the message says what to do.
 */
export class DataDirProofSystemError extends VerityError {
  readonly code = 'DATA_DIR_PROOF_SYSTEM'
  constructor(readonly fields: { dir: string; found: string; expected: string }) {
    super(
      `data directory ${fields.dir} holds proofs of proof system ${fields.found}, which this version (${fields.expected}, ` +
        `zero-knowledge UltraHonk of Barretenberg 5 on Aztec's Ignition CRS) can neither verify nor extend: ` +
        `a directory of 0.1.0 (no proof-system.json) is brought to this version by \`verity upgrade --data-dir DIR\` (backed up first, every balance and proof kept: docs/operations.md, "Upgrading"); otherwise keep running the version that wrote it`,
    )
  }
}
