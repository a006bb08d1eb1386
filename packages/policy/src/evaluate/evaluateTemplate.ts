import type { CompiledTemplate } from '../ast/CompiledTemplate.ts'
import { formatValue } from '../format/formatValue.ts'
import type { InputValue } from '../values/InputValue.ts'
import type { NormalizedRecord } from './NormalizedValue.ts'
import { compileTemplateEvaluator, type ConstraintEvaluator } from './compileTemplateEvaluator.ts'
import type { ConstraintFailure, EvaluationResult } from './ConstraintFailure.ts'
import { collectInputs } from './normalizeInputs.ts'
import { InputDataError } from '../errors/InputDataError.ts'
import { INPUT_PROBLEMS_MAX } from '../limits.ts'

/**
 * Checks `attrs` against the intent schema and `evidence` against the evidence schema (throws
 * `InputDataError` naming every offending field of both, before any constraint runs), then evaluates
 * every constraint. `optional:` constraints whose optional intent fields are absent are skipped.
 * Returns `{ ok: true }` or every failed constraint, in `requires` order.
 * @example const result = evaluateTemplate(compiled, { max_price_cents: 2500n }, { price_cents: 1999n })
 */
export function evaluateTemplate(
  compiled: CompiledTemplate,
  attrs: Record<string, InputValue>,
  evidence: Record<string, InputValue>,
): EvaluationResult {
  // Every problem of both maps at once, so a caller fixes them all in one go.
  const intentInputs = collectInputs(compiled.intent, attrs, 'intent')
  const evidenceInputs = collectInputs(compiled.evidence, evidence, 'evidence')
  const problems = [...intentInputs.problems, ...evidenceInputs.problems]
  if (problems.length > 0) throw new InputDataError({ problems: problems.slice(0, INPUT_PROBLEMS_MAX) })
  const intentValues = intentInputs.normalized
  const evidenceValues = evidenceInputs.normalized
  const evaluators = compileTemplateEvaluator(compiled)
  let failures: ConstraintFailure[] | undefined
  for (let index = 0; index < evaluators.length; index++) {
    const evaluator = evaluators[index]!
    if (!isApplicable(evaluator, intentValues)) continue
    if (evaluator.evaluate(intentValues, evidenceValues) === true) continue
    failures ??= []
    failures.push({ index, pretty_expr: evaluator.prettyExpr, reason: describeFailure(evaluator, intentValues, evidenceValues) })
  }
  return failures === undefined ? { ok: true } : { ok: false, failures }
}

function isApplicable(evaluator: ConstraintEvaluator, intent: NormalizedRecord): boolean {
  for (const name of evaluator.guardFields) if (intent[name] === undefined) return false
  return true
}

/**
 * `<expr> evaluated to false (evidence.color = "Multicolor", intent.size = "M")`; a relation's
 * reason shows both sets: `evidence.includes superset intent.wanted evaluated to false
 * (evidence.includes = {"saucepan"}, intent.wanted = {"saucepan", "skillet"}, not in
 * evidence.includes: {"skillet"})`.
 */
function describeFailure(evaluator: ConstraintEvaluator, intent: NormalizedRecord, evidence: NormalizedRecord): string {
  const values = evaluator.fields.map((field) => {
    const value = (field.scope === 'intent' ? intent : evidence)[field.name]
    return `${field.scope}.${field.name} = ${value === undefined ? 'absent' : formatValue(value)}`
  })
  // A false relation also names the elements that made it false (`not in evidence.includes: {"skillet"}`).
  if (evaluator.explain !== undefined) values.push(evaluator.explain(intent, evidence))
  return `${evaluator.prettyExpr} evaluated to false` + (values.length === 0 ? '' : ` (${values.join(', ')})`)
}
