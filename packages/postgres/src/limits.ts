// Bounds every PostgreSQL store shares (orchestrator, domain, base layer), with their units.
// A service may use fewer connections (the domain keeps one for its shard lock): it names its own.

/** Connections one store's pool keeps open at most (requests, jobs, sweeps share them). */
export const POSTGRES_POOL_CONNECTIONS_MAX = 10

/** Time to open one PostgreSQL connection, in milliseconds, before the store reports it unavailable. */
export const POSTGRES_CONNECT_TIMEOUT_MS = 5_000
