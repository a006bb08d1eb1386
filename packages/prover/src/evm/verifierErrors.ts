import { VerityError } from '@verity/core'

/** A generated Solidity verifier is not what we can deploy (wrong constants, an unexpected layout). */
export class VerifierSourceError extends VerityError {
  readonly code = 'VERIFIER_SOURCE'
  constructor(readonly fields: { reason: string }) {
    super(`Solidity verifier: ${fields.reason}`)
  }
}
