import type { ConstraintFailure } from '@verity/policy'
import type { FailureWordsContext, ProposalCheck } from '@verity/sdk'
import { failureLines } from './failureLines.ts'
import { failuresWithLocalValues } from './sealed/sealedOpenings.ts'

/**
 * A dry run's answer for a terminal: `ok: every constraint holds` with the evidence, or `would fail:`
 * with one numbered line per failed constraint, in words with money as money when `context` (the
 * intent's template and values) is given (`2. Price: $34.99, above your $25.00 cap`), else the
 * orchestrator's reason (values from this CLI's opening of a sealed intent), as `verity events`
 * shows a failure; or one line per evidence field missing or mistyped; or the extractor's reason
 * (a typo in the solution, a missing `--metadata`, a refused storefront).
 */
export function formatCheck(intentId: string, check: ProposalCheck, context?: FailureWordsContext): string {
  if (check.ok) return `ok: every constraint of ${intentId} holds; evidence ${JSON.stringify(check.evidence)}`
  const failures = failuresWithLocalValues(intentId, check.constraint_failures as ConstraintFailure[], check.evidence)
  const lines = [`would fail: ${intentId}`]
  if (failures.length > 0) {
    lines[0] += `: ${failures.length} constraint(s) do not hold:`
    lines.push(...failureLines(failures, check.evidence, context))
  } else if (check.input_data_errors !== undefined && check.input_data_errors.length > 0) {
    lines[0] += ': the evidence does not match the template:'
    for (const problem of check.input_data_errors) lines.push(`    ${problem.reason}`)
  } else {
    lines[0] += `: ${check.reason}`
  }
  return lines.join('\n')
}
