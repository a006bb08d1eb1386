import type { CompiledTemplate } from '../ast/CompiledTemplate.ts'
import type { InputValue } from '../values/InputValue.ts'
import type { EvaluationResult } from './ConstraintFailure.ts'

/**
 * Checks `attrs` against the intent schema and `evidence` against the evidence schema (throws
 * `InputDataError` naming the field on a mismatch), then evaluates every constraint. Optional
 * constraints whose optional intent fields are absent are skipped.
 */
export function evaluateTemplate(
  compiled: CompiledTemplate,
  attrs: Record<string, InputValue>,
  evidence: Record<string, InputValue>,
): EvaluationResult {
  void compiled, attrs, evidence
  throw new Error('evaluateTemplate: not implemented yet')
}
