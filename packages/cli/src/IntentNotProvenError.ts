import { VerityError } from '@verity/core'

/** `verity pay` of an intent that is not `success`: it has no proof, so it authorizes no payment. */
export class IntentNotProvenError extends VerityError {
  readonly code = 'INTENT_NOT_PROVEN'
  constructor(readonly fields: { intentId: string; status: string }) {
    super(`intent ${fields.intentId} is ${fields.status}: only a proven (success) intent authorizes a payment`)
  }
}
