import type { ConstraintFailure } from '@verity/policy'
import type { ProposalCheck } from '@verity/sdk'
import { failuresWithLocalValues } from './sealed/sealedOpenings.ts'

/**
 * A dry run's answer for a terminal: `ok: every constraint holds` with the evidence, or `would fail:`
 * with one indented line per failed constraint (values from this CLI's opening of a sealed intent),
 * per evidence field missing or mistyped, or the extractor's reason (a typo in the solution, a
 * missing `--metadata`, a refused storefront).
 */
export function formatCheck(intentId: string, check: ProposalCheck): string {
  if (check.ok) return `ok: every constraint of ${intentId} holds; evidence ${JSON.stringify(check.evidence)}`
  const failures = failuresWithLocalValues(intentId, check.constraint_failures as ConstraintFailure[], check.evidence)
  const lines = [`would fail: ${intentId}`]
  if (failures.length > 0) {
    lines[0] += `: ${failures.length} constraint(s) do not hold:`
    for (const failure of failures) lines.push(`    [${String(failure.index)}] ${String(failure.reason)}`)
  } else if (check.input_data_errors !== undefined && check.input_data_errors.length > 0) {
    lines[0] += ': the evidence does not match the template:'
    for (const problem of check.input_data_errors) lines.push(`    ${problem.reason}`)
  } else {
    lines[0] += `: ${check.reason}`
  }
  return lines.join('\n')
}
