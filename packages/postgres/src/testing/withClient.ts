import pg from 'pg'

/** Runs `fn` on a new connection to `url`, closed after. An unreachable server is an error saying how to start it. */
export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
  try {
    await client.connect()
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${url} (${(error as Error).message}). The PostgreSQL tests need it: ` +
        'start it (.ci/run does: pg_ctlcluster 15 main start) or set VERITY_TEST_POSTGRES_URL.',
      { cause: error },
    )
  }
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}
