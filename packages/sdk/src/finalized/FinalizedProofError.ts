import { VerityError } from '@verity/core'

/** A finalized-vault answer whose inclusion proof does not check against the chain's root: refused, never shown. */
export class FinalizedProofError extends VerityError {
  readonly code = 'FINALIZED_PROOF_INVALID'
  constructor(readonly fields: { reason: string }) {
    super(`finalized vault refused: ${fields.reason}`)
  }
}
