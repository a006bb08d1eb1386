import type pg from 'pg'

/** SQLSTATEs after which the whole transaction may simply run again: serialization_failure, deadlock_detected. */
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01'])

export type RunPostgresTransactionOptions = {
  isolation: 'READ COMMITTED' | 'SERIALIZABLE'
  /** Runs of `fn` at most: a serialization failure or deadlock runs it again until then (1: never again). */
  attemptsMax: number
}

/**
 * Runs `fn` in one transaction on one pooled connection and commits; rolls back when it throws.
 * A connection whose rollback failed (the server went away) is discarded, not returned to the
 * pool. Since `fn` may run more than once, it must only read and write through `client` and
 * compute from what it reads. The commit is durable when this resolves (synchronous_commit).
 */
export async function runPostgresTransaction<T>(pool: pg.Pool, options: RunPostgresTransactionOptions, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const client = await pool.connect()
    let isBroken = false
    try {
      await client.query(`BEGIN ISOLATION LEVEL ${options.isolation}`)
      const result = await fn(client)
      await client.query('COMMIT')
      return result
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {
        isBroken = true
      })
      if (isRetryable(error) && attempt < options.attemptsMax) continue
      throw error
    } finally {
      client.release(isBroken)
    }
  }
}

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && RETRYABLE_SQLSTATES.has(code)
}
