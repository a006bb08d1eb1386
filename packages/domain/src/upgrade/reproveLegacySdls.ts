// The SQLite side of planLegacySdlReproof: one domain database file, one shard.
import Database from 'better-sqlite3'
import { encodeStoredJson } from '@verity/postgres'
import { STATE_TREE_KEY } from '../sdl/cutSdl.ts'
import { UNSETTLED_SDL_STATES } from '../sdl/sdlWitnessFormat.ts'
import { planLegacySdlReproof, type StoredSdlContent, type StoredSdlRow } from './planLegacySdlReproof.ts'

/** What the upgrade does to an SDL of an earlier witness layout: its hash and the state it leaves. */
export type ReprovedSdl = { hash: string; stateBefore: string }

/**
 * Gives every unsettled SDL of the SQLite domain database at `path` whose witness is of an
 * earlier layout today's witness, in state Submitted with no proof (one transaction; nothing when
 * there is none, so running it again changes nothing). Throws LegacySdlNotReprovableError, having
 * changed nothing, when planLegacySdlReproof refuses.
 */
export async function reproveLegacySdls(path: string, nowMs: number): Promise<ReprovedSdl[]> {
  const db = new Database(path)
  try {
    const states = UNSETTLED_SDL_STATES.map(() => '?').join(', ')
    const unsettled = db.prepare(`SELECT hash, state_name, content, witness FROM sdls WHERE state_name IN (${states}) ORDER BY seq`).all(...UNSETTLED_SDL_STATES) as StoredSdlRow[]
    const tree = db.prepare('SELECT value FROM meta WHERE key = ?').get(STATE_TREE_KEY) as { value: string } | undefined
    // Stepped through row by row: the replay holds one SDL's content at a time.
    const contents = () => db.prepare('SELECT hash, content FROM sdls ORDER BY seq').iterate() as IterableIterator<StoredSdlContent>
    const reproofs = await planLegacySdlReproof(unsettled, contents, tree?.value)
    const update = db.prepare('UPDATE sdls SET state_name = ?, state = ?, witness = ?, proof = NULL, guardrail_input = NULL, updated_at_ms = ? WHERE hash = ?')
    db.transaction(() => {
      for (const sdl of reproofs) update.run('Submitted', encodeStoredJson('Submitted'), encodeStoredJson(sdl.witness), nowMs, sdl.hash)
    })()
    return reproofs.map(({ hash, stateBefore }) => ({ hash, stateBefore }))
  } finally {
    db.close()
  }
}
