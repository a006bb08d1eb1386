// Where the CLI keeps the openings of the sealed intents it created (docs/cli.md): the attrs and
// salt the orchestrator keeps private, with the template source, so a failure (whose event names
// constraints without values) can be explained here, and `verity mcp` can hand them to an agent.
import { join } from 'node:path'
import { failuresWithValues, readSavedOpening, savedOpeningPath } from '@verity/sdk'
import type { ConstraintFailure } from '@verity/policy'
import { cliDataDir } from '../cliDataDir.ts'

/** `<data dir>/openings` (data dir: VERITY_DATA_DIR, default `.verity`). */
export function openingsDir(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return join(cliDataDir(env), 'openings')
}

/** The default file of an intent's opening. */
export function openingPath(intentId: string, env: Readonly<Record<string, string | undefined>> = process.env): string {
  return savedOpeningPath(openingsDir(env), intentId)
}

/**
 * A failure event's constraint failures with their values, when this CLI holds the intent's
 * opening (a sealed intent's event withholds them); the event's own otherwise.
 */
export function failuresWithLocalValues(intentId: string, failures: ConstraintFailure[], evidence: unknown): ConstraintFailure[] {
  return failuresWithValues(readSavedOpening(openingsDir(), intentId), failures, evidence)
}
