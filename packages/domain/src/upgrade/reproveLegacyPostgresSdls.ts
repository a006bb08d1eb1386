// The PostgreSQL side of planLegacySdlReproof: every shard of the domain tables of one database.
import type pg from 'pg'
import { encodeStoredJson } from '@verity/postgres'
import { STATE_TREE_KEY } from '../sdl/cutSdl.ts'
import { planLegacySdlReproof, type StoredSdlRow } from './planLegacySdlReproof.ts'
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
    const { rows } = await client.query<StoredSdlRow>('SELECT hash, state_name, content, witness FROM domain_sdls WHERE shard = $1 ORDER BY seq', [shard])
    const tree = await client.query<{ value: string }>('SELECT value FROM domain_meta WHERE shard = $1 AND key = $2', [shard, STATE_TREE_KEY])
    for (const sdl of await planLegacySdlReproof(rows, tree.rows[0]?.value)) {
      await client.query(
        'UPDATE domain_sdls SET state_name = $1, state = $2, witness = $3, proof = NULL, guardrail_input = NULL, updated_at_ms = $4 WHERE shard = $5 AND hash = $6',
        ['Submitted', encodeStoredJson('Submitted'), encodeStoredJson(sdl.witness), nowMs, shard, sdl.hash],
      )
      reproved.push({ shard: Number(shard), hash: sdl.hash, stateBefore: sdl.stateBefore })
    }
  }
  return reproved
}
