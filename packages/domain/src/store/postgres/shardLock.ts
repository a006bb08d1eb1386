// One sequencer per shard: a domain process on PostgreSQL holds a session-level advisory lock
// keyed by its shard for as long as it runs. The server releases it when the session ends (the
// process stops, is killed, or its machine goes away), and another process may then take over.
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import type pg from 'pg'
import { limits as ledgerLimits } from '@verity/ledger'
import { ShardLockedError } from '../../errors/storeErrors.ts'
import { SHARD_LOCK_POLL_MS } from '../../limits.ts'

/** High 32 bits of every shard lock key: the bytes of "VRDS" (verity domain sequencer). */
const SHARD_LOCK_KEY_PREFIX = BigInt(Buffer.from('VRDS', 'latin1').readUInt32BE())

/** Largest shard a lock key can hold (its low 32 bits). */
export const SHARD_LOCK_SHARD_MAX = 2 ** 32 - 1
// Every shard the ledger accepts has a lock key.
assert.ok(ledgerLimits.SHARD_MAX <= SHARD_LOCK_SHARD_MAX)

/** The advisory lock key of `shard`'s sequencer (an int8: the prefix, then the shard as u32). */
export function shardLockKey(shard: number): bigint {
  if (!Number.isSafeInteger(shard) || shard < 1 || shard > SHARD_LOCK_SHARD_MAX) throw new RangeError(`"shard" expected an integer from 1 to ${SHARD_LOCK_SHARD_MAX}, got ${shard}`)
  const key = (SHARD_LOCK_KEY_PREFIX << 32n) | BigInt(shard)
  assert.ok(key < 2n ** 63n, 'the lock key is a positive int8')
  return key
}

/**
 * Takes `shard`'s lock on the session of `client` (which must stay open while the shard is held),
 * trying every SHARD_LOCK_POLL_MS for up to `waitMs`. Throws ShardLockedError, naming the holding
 * session when the server shows it, when another session still holds it then.
 */
export async function acquireShardLock(client: pg.ClientBase, shard: number, target: string, waitMs: number): Promise<void> {
  const key = shardLockKey(shard).toString()
  const attemptsMax = 1 + Math.ceil(waitMs / SHARD_LOCK_POLL_MS)
  for (let attempt = 1; attempt <= attemptsMax; attempt += 1) {
    const { rows } = await client.query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS taken', [key])
    if (rows[0]?.taken === true) return
    if (attempt < attemptsMax) await sleep(SHARD_LOCK_POLL_MS)
  }
  throw new ShardLockedError({ shard, target, holder: await describeHolder(client, BigInt(key)) })
}

/** Releases the lock taken by acquireShardLock on the same session. */
export async function releaseShardLock(client: pg.ClientBase, shard: number): Promise<void> {
  await client.query('SELECT pg_advisory_unlock($1::bigint)', [shardLockKey(shard).toString()])
}

// A bigint advisory key shows in pg_locks as classid (high 32 bits), objid (low 32 bits), objsubid 1.
async function describeHolder(client: pg.ClientBase, key: bigint): Promise<string | null> {
  const { rows } = await client.query<{ pid: number; application_name: string | null; client_addr: string | null; backend_start: Date | null }>(
    `SELECT a.pid, a.application_name, host(a.client_addr) AS client_addr, a.backend_start
       FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
        AND l.classid = $1::bigint::oid AND l.objid = $2::bigint::oid
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [(key >> 32n).toString(), (key & 0xffff_ffffn).toString()],
  )
  const holder = rows[0]
  if (holder === undefined) return null
  const name = holder.application_name === null || holder.application_name === '' ? 'a session' : holder.application_name
  const from = holder.client_addr === null ? '' : ` from ${holder.client_addr}`
  const since = holder.backend_start === null ? '' : ` since ${holder.backend_start.toISOString()}`
  return `held by ${name}${from}, server pid ${holder.pid}${since}`
}
