import { VerityError } from '@verity/core'

/** A proof bundle (proof.json) that does not have the shape of GET /proofs/{intent_id}. */
export class MalformedProofBundleError extends VerityError {
  readonly code = 'MALFORMED_PROOF_BUNDLE'
  constructor(readonly fields: { field: string; reason: string }) {
    super(`malformed proof bundle: ${fields.field} ${fields.reason}`)
  }
}
