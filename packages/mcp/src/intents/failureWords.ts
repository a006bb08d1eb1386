// A failed constraint in words for the agent to tell the user (issue 44): `Price: $34.99, above your
// $25.00 cap`, as the web wallet and `verity propose --wait` word it (the SDK's failuresInWords),
// beside the raw `reason` and expression.
import { failuresInWords, readFailureWordsContext } from '@verity/sdk'
import type { ConstraintFailure } from '@verity/policy'
import type { ToolDependencies } from '../tools/ToolDependencies.ts'
import { openingOf } from './sealedOpening.ts'

/**
 * `outcome` with `in_words` on each failed constraint, read from the intent's template and values
 * (a sealed intent's from the opening the user handed over); unchanged when it has no failed
 * constraints or they cannot be read in words (a sealed intent without its opening).
 */
export async function withFailureWords<T extends { constraint_failures?: ConstraintFailure[] | undefined; evidence?: unknown }>(
  deps: Pick<ToolDependencies, 'openingsDir' | 'orchestrator'>,
  intentId: string,
  outcome: T,
): Promise<T> {
  const failures = outcome.constraint_failures
  if (failures === undefined || failures.length === 0) return outcome
  const context = await readFailureWordsContext(deps.orchestrator, intentId, openingOf(deps, intentId)).catch(() => undefined)
  if (context === undefined) return outcome
  const words = failuresInWords(failures, outcome.evidence, context)
  return { ...outcome, constraint_failures: failures.map((failure, index) => ({ ...failure, in_words: words[index]! })) }
}
