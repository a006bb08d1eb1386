import { VerityError } from '@verity/core'

/**
 * Why a Verity constraint is not met, one stable code each (docs/ap2-verity-constraint.md,
 * "Evaluation"), with the AP2 error (agent_authorization.md, "Errors") and the UCP AP2 error code
 * (ap2_mandate.json#/$defs/error_code) a business answers with.
 */
export const AP2_REFUSALS = Object.freeze({
  AP2_MANDATE_MALFORMED: { ap2: 'invalid_credential', ucp: 'mandate_invalid_signature' },
  AP2_MANDATE_SIGNATURE_INVALID: { ap2: 'invalid_credential', ucp: 'mandate_invalid_signature' },
  AP2_MANDATE_EXPIRED: { ap2: 'invalid_credential', ucp: 'mandate_expired' },
  AP2_PLATFORM_KEY_UNKNOWN: { ap2: 'invalid_credential', ucp: 'agent_missing_key' },
  AP2_CONSTRAINT_UNRESOLVED: { ap2: 'unresolved_constraint', ucp: 'mandate_scope_mismatch' },
  AP2_CHECKOUT_HASH_MISMATCH: { ap2: 'invalid_mandate', ucp: 'mandate_scope_mismatch' },
  AP2_AUDIENCE_MISMATCH: { ap2: 'invalid_mandate', ucp: 'mandate_scope_mismatch' },
  MERCHANT_AUTHORIZATION_INVALID: { ap2: 'invalid_mandate', ucp: 'merchant_authorization_invalid' },
  VERITY_INTENT_MISMATCH: { ap2: 'invalid_mandate', ucp: 'mandate_scope_mismatch' },
  VERITY_AGENT_NOT_NAMED: { ap2: 'invalid_mandate', ucp: 'mandate_invalid_signature' },
  VERITY_AGENT_BINDING_INVALID: { ap2: 'invalid_mandate', ucp: 'mandate_invalid_signature' },
  VERITY_CHECKOUT_MISMATCH: { ap2: 'invalid_mandate', ucp: 'mandate_scope_mismatch' },
  VERITY_PROOF_INVALID: { ap2: 'invalid_mandate', ucp: 'mandate_scope_mismatch' },
} as const)

export type Ap2RefusalCode = keyof typeof AP2_REFUSALS

/** A mandate (or the proof it names) that does not authorize the checkout it is presented for. */
export class Ap2MandateError extends VerityError {
  readonly code: Ap2RefusalCode
  readonly reportable = true
  constructor(readonly fields: { code: Ap2RefusalCode; reason: string }) {
    super(fields.reason)
    this.code = fields.code
  }
  /** The AP2 error string (`invalid_credential`, `unresolved_constraint`, `invalid_mandate`). */
  get ap2Error(): string {
    return AP2_REFUSALS[this.code].ap2
  }
  /** The UCP ap2_mandate error code a business answers with. */
  get ucpError(): string {
    return AP2_REFUSALS[this.code].ucp
  }
}
