import type pg from 'pg'

/** The other sessions connected to the connection's database (a running service, a psql): application name and address of each. */
export async function otherPostgresSessions(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ who: string }>(
    "SELECT coalesce(nullif(application_name, ''), 'a client') || ' from ' || coalesce(host(client_addr), 'a local socket') || ' (pid ' || pid || ')' AS who " +
      "FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend' ORDER BY pid",
  )
  return rows.map((row) => row.who)
}
