// A sealed intent (docs/protocol.md, "Sealed intents") shows no attrs to the orchestrator's
// readers; the user may hand its opening to their agent: `verity mcp --openings DIR` reads the
// openings the user's CLI kept, so get_intent shows the user's values and a failure's constraints
// come back with theirs. Without the opening an agent sees the disclosed attrs only.
import { failuresWithValues, readSavedOpening, type SavedOpening } from '@verity/sdk'
import type { ConstraintFailure } from '@verity/policy'
import type { ToolDependencies } from '../tools/ToolDependencies.ts'

/** The opening the user handed over for this intent, if any. */
export function openingOf(deps: Pick<ToolDependencies, 'openingsDir'>, intentId: string): SavedOpening | undefined {
  return deps.openingsDir === undefined ? undefined : readSavedOpening(deps.openingsDir, intentId)
}

/** A sealed intent's failed constraints with their values when the agent holds its opening. */
export function withOpeningValues<T extends { constraint_failures?: ConstraintFailure[] | undefined; evidence?: unknown }>(deps: Pick<ToolDependencies, 'openingsDir'>, intentId: string, outcome: T): T {
  if (outcome.constraint_failures === undefined || outcome.constraint_failures.length === 0) return outcome
  const saved = openingOf(deps, intentId)
  if (saved === undefined) return outcome
  return { ...outcome, constraint_failures: failuresWithValues(saved, outcome.constraint_failures, outcome.evidence) }
}
