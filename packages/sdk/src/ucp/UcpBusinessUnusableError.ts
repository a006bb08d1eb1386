import { VerityError } from '@verity/core'

/** A UCP business this client cannot use: its profile or a reply breaks the 2026-04-08 schemas, or it offers no binding we speak. */
export class UcpBusinessUnusableError extends VerityError {
  readonly code = 'UCP_BUSINESS_UNUSABLE'
  readonly reportable = true
  constructor(readonly fields: { business: string; reason: string }) {
    super(`UCP business ${fields.business}: ${fields.reason}`)
  }
}
