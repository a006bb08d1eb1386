// Bounds every PostgreSQL store shares (orchestrator, domain, base layer), with their units.
// A service may use fewer connections (the domain keeps one for its shard lock): it names its own.

/** Connections one store's pool keeps open at most (requests, jobs, sweeps share them). */
export const POSTGRES_POOL_CONNECTIONS_MAX = 10

/** Time to open one PostgreSQL connection, in milliseconds, before the store reports it unavailable. */
export const POSTGRES_CONNECT_TIMEOUT_MS = 5_000

/** Characters of the holder's command line a data directory's lock records (the rest is cut, marked …). */
export const DATA_DIR_LOCK_COMMAND_CHARS_MAX = 400

/** Rounds of "record myself, take the lock" before a process racing another for a free data directory gives up. */
export const DATA_DIR_LOCK_ATTEMPTS_MAX = 3

/** How long taking a data directory's lock waits for it (or for a reader of its holder) before refusing, in milliseconds. */
export const DATA_DIR_LOCK_WAIT_MS = 250
