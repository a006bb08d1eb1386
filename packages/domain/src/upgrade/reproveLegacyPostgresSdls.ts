// The PostgreSQL side of planLegacySdlReproof: every shard of the domain tables of one database.
import type pg from 'pg'
import { encodeStoredJson } from '@verity/postgres'
import { STATE_TREE_KEY } from '../sdl/cutSdl.ts'
import { UPGRADE_REPLAY_PAGE_SDLS } from '../limits.ts'
import { UNSETTLED_SDL_STATES } from '../sdl/sdlWitnessFormat.ts'
import { planLegacySdlReproof, type StoredSdlContent, type StoredSdlRow } from './planLegacySdlReproof.ts'
import type { ReprovedSdl } from './reproveLegacySdls.ts'

/**
 * Gives every unsettled SDL of every shard in `domain_sdls` whose witness is of an earlier layout
 * today's witness, in state Submitted with no proof, on `client` inside the caller's transaction
 * (which commits it, or rolls it back for a rehearsal). Nothing when there is none, so running it
 * again changes nothing. Throws LegacySdlNotReprovableError when planLegacySdlReproof refuses.
 */
export async function reproveLegacyPostgresSdls(client: pg.ClientBase, nowMs: number): Promise<(ReprovedSdl & { shard: number })[]> {
  const reproved: (ReprovedSdl & { shard: number })[] = []
  const { rows: shards } = await client.query<{ shard: string }>('SELECT DISTINCT shard::text AS shard FROM domain_sdls ORDER BY 1')
  for (const { shard } of shards) {
    const { rows: unsettled } = await client.query<StoredSdlRow>('SELECT hash, state_name, content, witness FROM domain_sdls WHERE shard = $1 AND state_name = ANY($2) ORDER BY seq', [shard, UNSETTLED_SDL_STATES])
    const tree = await client.query<{ value: string }>('SELECT value FROM domain_meta WHERE shard = $1 AND key = $2', [shard, STATE_TREE_KEY])
    for (const sdl of await planLegacySdlReproof(unsettled, () => sdlContentPages(client, shard), tree.rows[0]?.value)) {
      await client.query(
        'UPDATE domain_sdls SET state_name = $1, state = $2, witness = $3, proof = NULL, guardrail_input = NULL, updated_at_ms = $4 WHERE shard = $5 AND hash = $6',
        ['Submitted', encodeStoredJson('Submitted'), encodeStoredJson(sdl.witness), nowMs, shard, sdl.hash],
      )
      reproved.push({ shard: Number(shard), hash: sdl.hash, stateBefore: sdl.stateBefore })
    }
  }
  return reproved
}

/** The shard's SDL contents in sequence order, UPGRADE_REPLAY_PAGE_SDLS at a time. */
async function* sdlContentPages(client: pg.ClientBase, shard: string): AsyncGenerator<StoredSdlContent> {
  for (let after = -1; ; ) {
    const { rows } = await client.query<StoredSdlContent & { seq: string }>('SELECT seq::text AS seq, hash, content FROM domain_sdls WHERE shard = $1 AND seq > $2 ORDER BY seq LIMIT $3', [shard, after, UPGRADE_REPLAY_PAGE_SDLS])
    for (const row of rows) yield { hash: row.hash, content: row.content }
    if (rows.length < UPGRADE_REPLAY_PAGE_SDLS) return
    after = Number(rows.at(-1)!.seq)
  }
}
