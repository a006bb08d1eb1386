// Issue 46, item 4: the SDLs a 0.1.0 domain sealed but did not settle keep their content; their
// stored witness (bb.js 0.82.2's circuit, no `format`) and any old proof cannot be used. They are
// made provable again by replaying every SDL of the shard, in order, on today's state tree from the
// empty tree (buildSdlWitness checks each SDL's roots as it goes): each unsettled one gets today's
// witness and goes back to Submitted, to be proven (POST /sdls/{hash}/prove) and settled as usual.
import Database from 'better-sqlite3'
import { decodeStoredJson, encodeStoredJson } from '@verity/postgres'
import { buildSdlWitness, SDL_WITNESS_FORMAT, StateTree, type StateTreeSnapshot } from '@verity/prover'
import type { SdlContent } from '@verity/ledger'
import { STATE_TREE_KEY } from '../sdl/cutSdl.ts'
import { UNSETTLED_SDL_STATES, witnessFormatOf } from '../sdl/sdlWitnessFormat.ts'
import { LegacySdlNotReprovableError } from './LegacySdlNotReprovableError.ts'

/** What the upgrade does to an SDL of an earlier witness layout: its hash and the state it leaves. */
export type ReprovedSdl = { hash: string; stateBefore: string }

type Row = { hash: string; state_name: string; content: string; witness: string }

/**
 * Gives every unsettled SDL of the SQLite domain database at `path` whose witness is of an
 * earlier layout today's witness, in state Submitted with no proof (one transaction; nothing when
 * there is none, so running it again changes nothing). Throws LegacySdlNotReprovableError, having
 * changed nothing, for an SDL in ProofSubmitted (the base layer may apply its old proof), one that
 * carries a mandate payment (its policy proof is of the old system), or when the replay does not
 * reproduce an SDL's roots or the stored state tree.
 */
export async function reproveLegacySdls(path: string, nowMs: number): Promise<ReprovedSdl[]> {
  const db = new Database(path)
  try {
    const rows = db.prepare('SELECT hash, state_name, content, witness FROM sdls ORDER BY seq').all() as Row[]
    const stale = rows.filter((row) => (UNSETTLED_SDL_STATES as readonly string[]).includes(row.state_name) && witnessFormatOf(decodeStoredJson(row.witness)) !== SDL_WITNESS_FORMAT)
    if (stale.length === 0) return []
    const submitted = stale.find((row) => row.state_name === 'ProofSubmitted')
    if (submitted !== undefined) throw new LegacySdlNotReprovableError({ hash: submitted.hash, reason: 'its proof of the old proof system was submitted to the base layer (ProofSubmitted), which may still apply it' })
    // The base layer re-checks a mandate payment's proof at settlement, and a proof of 0.1.0 never passes there.
    const paying = stale.find((row) => row.content.includes('"MandatePayment"'))
    if (paying !== undefined) throw new LegacySdlNotReprovableError({ hash: paying.hash, reason: 'it carries a mandate payment whose policy proof is of the old proof system, which the base layer of this version refuses (MANDATE_PROOF_SYSTEM_RETIRED)' })
    const witnesses = await replayWitnesses(rows, new Set(stale.map((row) => row.hash)))
    await assertStoredTree(db, rows, witnesses.root)
    const update = db.prepare('UPDATE sdls SET state_name = ?, state = ?, witness = ?, proof = NULL, guardrail_input = NULL, updated_at_ms = ? WHERE hash = ?')
    db.transaction(() => {
      for (const row of stale) update.run('Submitted', encodeStoredJson('Submitted'), encodeStoredJson(witnesses.byHash.get(row.hash)), nowMs, row.hash)
    })()
    return stale.map((row) => ({ hash: row.hash, stateBefore: row.state_name }))
  } finally {
    db.close()
  }
}

async function replayWitnesses(rows: readonly Row[], wanted: ReadonlySet<string>): Promise<{ byHash: Map<string, unknown>; root: string }> {
  const tree = await StateTree.create()
  const byHash = new Map<string, unknown>()
  for (const row of rows) {
    let witness
    try {
      witness = buildSdlWitness(tree, decodeStoredJson<SdlContent>(row.content))
    } catch (error) {
      throw new LegacySdlNotReprovableError({ hash: row.hash, reason: `replaying the shard's SDLs on this version's state tree failed at it (${(error as Error).message})` })
    }
    if (wanted.has(row.hash)) byHash.set(row.hash, witness)
  }
  return { byHash, root: tree.rootHex }
}

/** The state tree the domain stored after its last SDL must be the one the replay ends with. */
async function assertStoredTree(db: Database.Database, rows: readonly Row[], root: string): Promise<void> {
  const stored = db.prepare('SELECT value FROM meta WHERE key = ?').get(STATE_TREE_KEY) as { value: string } | undefined
  const last = rows.at(-1)!
  if (stored === undefined) throw new LegacySdlNotReprovableError({ hash: last.hash, reason: 'the domain stored no state tree' })
  const storedRoot = (await StateTree.fromSnapshot(JSON.parse(stored.value) as StateTreeSnapshot)).rootHex
  if (storedRoot !== root) throw new LegacySdlNotReprovableError({ hash: last.hash, reason: `the stored state tree's root ${storedRoot} is not the replay's ${root}` })
}
