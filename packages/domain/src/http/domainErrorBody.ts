import type { EdgeFailure } from '@verity/server'
import { GuardrailRejectedError } from '../errors/domainErrors.ts'

/** The domain's error body: `{message, code, index?}`, plus the failing constraint of GUARDRAIL_REJECTED. */
export type DomainErrorBody = {
  message: string
  code: string
  index?: number
  constraint?: { guardrail: string; index: number; pretty_expr: string; reason: string }
}

export function domainErrorBody(failure: EdgeFailure): DomainErrorBody {
  const body: DomainErrorBody = { message: failure.message, code: failure.code }
  if (failure.index !== undefined) body.index = failure.index
  if (failure.error instanceof GuardrailRejectedError) {
    const { guardrail, constraintIndex, prettyExpr, reason } = failure.error.fields
    body.constraint = { guardrail, index: constraintIndex, pretty_expr: prettyExpr, reason }
  }
  return body
}
