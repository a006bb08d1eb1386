// The openings of the sealed intents this CLI created (docs/cli.md, "Sealed intents"): the attrs
// and salt the orchestrator keeps private, with the template source, so a failure (whose event
// names constraints without values) can be explained here. Files are 0600 in a 0700 directory.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { explainSealedFailure, type SealedIntentOpening } from '@verity/sdk'
import { compileTemplate, type ConstraintFailure } from '@verity/policy'

/** What the CLI keeps of a sealed intent it created. */
export type SavedOpening = { intent_id: string; template_id: string; template_source: string; opening: SealedIntentOpening }

const INTENT_ID = /^[0-9a-f-]{36}$/i

/** `<data dir>/openings` (data dir: VERITY_DATA_DIR, default `.verity`). */
export function openingsDir(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return join(env.VERITY_DATA_DIR ?? '.verity', 'openings')
}

/** The default file of an intent's opening. */
export function openingPath(intentId: string, env: Readonly<Record<string, string | undefined>> = process.env): string {
  if (!INTENT_ID.test(intentId)) throw new RangeError('an intent id is a UUID')
  return join(openingsDir(env), `${intentId}.json`)
}

/** Writes an opening (mode 0600; its directory 0700 when created here). */
export function saveOpening(saved: SavedOpening, path: string): void {
  const dir = dirname(path)
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 })
  writeFileSync(path, JSON.stringify(saved, null, 2) + '\n', { mode: 0o600 })
  chmodSync(path, 0o600)
}

/** The opening this CLI saved for `intentId`, or undefined (not ours, or unreadable). */
export function readSavedOpening(intentId: string, env: Readonly<Record<string, string | undefined>> = process.env): SavedOpening | undefined {
  if (!INTENT_ID.test(intentId)) return undefined
  try {
    const saved = JSON.parse(readFileSync(openingPath(intentId, env), 'utf8')) as SavedOpening
    return saved.intent_id === intentId ? saved : undefined
  } catch {
    return undefined
  }
}

/**
 * A failure event's constraint failures with their values, when this CLI holds the intent's
 * opening (a sealed intent's event withholds them); the event's own otherwise.
 */
export function failuresWithLocalValues(intentId: string, failures: ConstraintFailure[], evidence: unknown): ConstraintFailure[] {
  const saved = readSavedOpening(intentId)
  if (saved === undefined || failures.length === 0 || typeof evidence !== 'object' || evidence === null) return failures
  try {
    const explained = new Map(explainSealedFailure(compileTemplate(saved.template_source), saved.opening, evidence as Record<string, unknown>).map((failure) => [failure.index, failure]))
    return failures.map((failure) => explained.get(failure.index) ?? failure)
  } catch {
    return failures
  }
}
