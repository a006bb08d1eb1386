// Evaluates every guardrail over every transaction of a batch or SDL; the first failure rejects.
import { isVerityError } from '@verity/core'
import { evaluateTemplate, type CompiledTemplate, type InputValue } from '@verity/policy'
import type { VerifiableWithDiffs } from '@verity/ledger'
import { GuardrailRejectedError } from '../errors/domainErrors.ts'
import type { Guardrail } from './Guardrail.ts'
import { transactionEvidence } from './transactionEvidence.ts'

/** Only the fields a template declares are passed to it (a template sees what it asks for). */
export function evidenceFor(compiled: CompiledTemplate, all: Record<string, InputValue>): Record<string, InputValue> {
  const evidence: Record<string, InputValue> = {}
  for (const field of compiled.evidence) if (field.name in all) evidence[field.name] = all[field.name]!
  return evidence
}

/**
 * Throws GuardrailRejectedError for the first transaction (index `indexBase + i`) that fails a
 * guardrail, with the failing constraint's index and pretty-printed expression.
 */
export function checkGuardrails(
  guardrails: readonly Guardrail[],
  transactions: readonly VerifiableWithDiffs[],
  intentOf: (guardrail: Guardrail) => Readonly<Record<string, InputValue>> = (g) => g.defaultIntent,
  indexBase = 0,
): void {
  if (guardrails.length === 0) return
  transactions.forEach((transaction, i) => {
    const all = transactionEvidence(transaction)
    for (const guardrail of guardrails) {
      let result
      try {
        result = evaluateTemplate(guardrail.compiled, { ...intentOf(guardrail) }, evidenceFor(guardrail.compiled, all))
      } catch (error) {
        if (!isVerityError(error)) throw error
        throw new GuardrailRejectedError({ index: indexBase + i, guardrail: guardrail.name, constraintIndex: -1, prettyExpr: '', reason: error.message })
      }
      if (!result.ok) {
        const failure = result.failures[0]!
        throw new GuardrailRejectedError({
          index: indexBase + i,
          guardrail: guardrail.name,
          constraintIndex: failure.index,
          prettyExpr: failure.pretty_expr,
          reason: failure.reason,
        })
      }
    }
  })
}
