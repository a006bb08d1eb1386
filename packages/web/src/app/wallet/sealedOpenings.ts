// The openings of the sealed intents this browser created: the user's side, so they stay here
// (localStorage of this origin), with the template source, to show a failure's values (the
// orchestrator's events withhold them). At most SEALED_OPENINGS_KEPT_MAX are kept, newest last.
import type { ConstraintFailure } from '@verity/policy'
import { failuresWithValues } from '../../../../sdk/src/sealed/explainSealedFailure.ts'
import type { SavedOpening } from '../../../../sdk/src/sealed/savedOpening.ts'
import { SEALED_OPENINGS_KEPT_MAX } from '../../limits.ts'

const STORAGE_KEY = 'verity.sealedOpenings'

function loadAll(): SavedOpening[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as unknown
    return Array.isArray(parsed) ? (parsed as SavedOpening[]) : []
  } catch {
    return []
  }
}

/** Keeps the opening of a sealed intent created here (the oldest go beyond the limit). */
export function keepOpening(saved: SavedOpening): void {
  const all = [...loadAll().filter((item) => item.intent_id !== saved.intent_id), saved].slice(-SEALED_OPENINGS_KEPT_MAX)
  localStorage.setItem(STORAGE_KEY, JSON.stringify(all))
}

/** The opening kept here for `intentId`, if this browser created that sealed intent. */
export function keptOpening(intentId: string): SavedOpening | undefined {
  return loadAll().find((item) => item.intent_id === intentId)
}

/** A sealed intent's failed constraints with their values, when this browser holds its opening. */
export function failuresWithKeptValues(intentId: string, failures: readonly ConstraintFailure[], evidence: unknown): ConstraintFailure[] {
  return failuresWithValues(keptOpening(intentId), failures, evidence)
}
