// Issue 46: the SDLs an earlier release sealed but did not settle keep their content; a stored
// witness of another layout than today's SDL_WITNESS_FORMAT (0.1.0 of ebc5c50: bb.js 0.82.2's
// circuit, no `format`; 0.1.0 of 98593a9: "sdl-batch-cache/2", before the batch scheduler changed)
// and any proof made from it cannot be used. They are
// made provable again by replaying every SDL of the shard, in order, on today's state tree from the
// empty tree (buildSdlWitness checks each SDL's roots as it goes): each unsettled one gets today's
// witness and goes back to Submitted, to be proven (POST /sdls/{hash}/prove) and settled as usual.
import { decodeStoredJson } from '@verity/postgres'
import { buildSdlWitness, LEGACY_PROOF_SYSTEMS, SDL_WITNESS_FORMAT, StateTree, type SdlWitness, type StateTreeSnapshot } from '@verity/prover'
import type { SdlContent } from '@verity/ledger'
import { UNSETTLED_SDL_STATES, witnessFormatOf } from '../sdl/sdlWitnessFormat.ts'
import { LegacySdlNotReprovableError } from './LegacySdlNotReprovableError.ts'

/** An unsettled stored SDL as both stores keep it (columns of `sdls` / `domain_sdls`). */
export type StoredSdlRow = { hash: string; state_name: string; content: string; witness: string }

/** One SDL's content as stored, for the replay. */
export type StoredSdlContent = { hash: string; content: string }

/** An unsettled SDL of an earlier witness layout, and today's witness for it. */
export type SdlReproof = { hash: string; stateBefore: string; witness: SdlWitness }

/**
 * The new witness of every unsettled SDL of one shard (`unsettled`, those in UNSETTLED_SDL_STATES)
 * whose witness is of an earlier layout; none when there is none. `contents()` reads all the shard's
 * SDLs in sequence order, as the replay goes (called only when there is something to replay) (a page at a time: a shard's whole history need
 * not fit in memory). `storedTree` is the state tree the domain stored after its last SDL (meta
 * `state_tree`). Throws LegacySdlNotReprovableError for an SDL in ProofSubmitted (the base layer may
 * apply its old proof), one that carries a mandate payment whose policy proof is of a retired proof
 * system (0.1.0's of ebc5c50; one of Barretenberg 5 settles), or when the replay does not give an
 * SDL's roots or the stored tree. Reads only: the caller writes the result, in one transaction.
 */
export async function planLegacySdlReproof(unsettled: readonly StoredSdlRow[], contents: () => AsyncIterable<StoredSdlContent> | Iterable<StoredSdlContent>, storedTree: string | undefined): Promise<SdlReproof[]> {
  const stale = unsettled.filter((row) => (UNSETTLED_SDL_STATES as readonly string[]).includes(row.state_name) && witnessFormatOf(decodeStoredJson(row.witness)) !== SDL_WITNESS_FORMAT)
  if (stale.length === 0) return []
  const submitted = stale.find((row) => row.state_name === 'ProofSubmitted')
  if (submitted !== undefined) throw new LegacySdlNotReprovableError({ hash: submitted.hash, reason: 'its proof of the old proof system was submitted to the base layer (ProofSubmitted), which may still apply it' })
  // The base layer re-checks a mandate payment's proof at settlement, and a proof of a retired system (0.1.0's) never passes there.
  const paying = stale.find((row) => retiredPaymentSystem(decodeStoredJson<SdlContent>(row.content)) !== undefined)
  if (paying !== undefined) throw new LegacySdlNotReprovableError({ hash: paying.hash, reason: 'it carries a mandate payment whose policy proof is of the old proof system, which the base layer of this version refuses (MANDATE_PROOF_SYSTEM_RETIRED)' })
  const wanted = new Set(stale.map((row) => row.hash))
  const tree = await StateTree.create()
  const witnesses = new Map<string, SdlWitness>()
  let last = stale.at(-1)!.hash
  for await (const row of contents()) {
    let witness
    try {
      witness = buildSdlWitness(tree, decodeStoredJson<SdlContent>(row.content))
    } catch (error) {
      throw new LegacySdlNotReprovableError({ hash: row.hash, reason: `replaying the shard's SDLs on this version's state tree failed at it (${(error as Error).message})` })
    }
    if (wanted.has(row.hash)) witnesses.set(row.hash, witness)
    last = row.hash
  }
  const missing = stale.find((row) => !witnesses.has(row.hash))
  if (missing !== undefined) throw new LegacySdlNotReprovableError({ hash: missing.hash, reason: "the replay of the shard's SDLs did not reach it" })
  if (storedTree === undefined) throw new LegacySdlNotReprovableError({ hash: last, reason: 'the domain stored no state tree' })
  const storedRoot = (await StateTree.fromSnapshot(JSON.parse(storedTree) as StateTreeSnapshot)).rootHex
  if (storedRoot !== tree.rootHex) throw new LegacySdlNotReprovableError({ hash: last, reason: `the stored state tree's root ${storedRoot} is not the replay's ${tree.rootHex}` })
  return stale.map((row) => ({ hash: row.hash, stateBefore: row.state_name, witness: witnesses.get(row.hash)! }))
}

/** The retired proof system (LEGACY_PROOF_SYSTEMS) of a mandate payment's policy proof in `content`, if one has one. */
function retiredPaymentSystem(content: SdlContent): string | undefined {
  for (const tx of content.transactions) {
    if (!('MandatePayment' in tx.verifiable)) continue
    const system = (tx.verifiable.MandatePayment.proof_bundle as { proof?: { artifact?: { system?: unknown } } } | null)?.proof?.artifact?.system
    if (typeof system === 'string' && Object.hasOwn(LEGACY_PROOF_SYSTEMS, system)) return system
  }
  return undefined
}
