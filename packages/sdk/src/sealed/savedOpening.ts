// The file a user's side keeps of a sealed intent it created (the CLI writes it; MCP and the CLI
// read it to show a failure's values): the opening with the template source. 0600 in a 0700 directory.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { SealedIntentOpening } from './sealIntent.ts'

/** What is kept of a sealed intent: its id, template (id and source) and opening (attrs + salt). */
export type SavedOpening = { intent_id: string; template_id: string; template_source: string; opening: SealedIntentOpening }

const INTENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** `<dir>/<intent id>.json`. Throws RangeError when the id is not a UUID (it names a file). */
export function savedOpeningPath(dir: string, intentId: string): string {
  if (!INTENT_ID.test(intentId)) throw new RangeError('an intent id is a UUID')
  return join(dir, `${intentId}.json`)
}

/** Writes a saved opening to `path` (mode 0600; its directory 0700 when created here). */
export function writeSavedOpening(saved: SavedOpening, path: string): void {
  const dir = dirname(path)
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 })
  writeFileSync(path, JSON.stringify(saved, null, 2) + '\n', { mode: 0o600 })
  chmodSync(path, 0o600)
}

/** The opening saved in `dir` for `intentId`, or undefined (none, unreadable, or another intent's). */
export function readSavedOpening(dir: string, intentId: string): SavedOpening | undefined {
  if (!INTENT_ID.test(intentId)) return undefined
  try {
    const saved = JSON.parse(readFileSync(savedOpeningPath(dir, intentId), 'utf8')) as SavedOpening
    return saved.intent_id === intentId && typeof saved.template_source === 'string' && typeof saved.opening?.salt === 'string' ? saved : undefined
  } catch {
    return undefined
  }
}
