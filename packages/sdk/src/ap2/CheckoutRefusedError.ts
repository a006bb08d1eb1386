import { VerityError } from '@verity/core'

/** A Verity checkout the agent side stops before paying (or after a refusal): the step and why. */
export class CheckoutRefusedError extends VerityError {
  readonly code = 'CHECKOUT_REFUSED'
  readonly reportable = true
  constructor(readonly fields: { step: 'prepare' | 'prove' | 'complete'; reason: string }) {
    super(`checkout ${fields.step}: ${fields.reason}`)
  }
}
