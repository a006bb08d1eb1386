import { mkdirSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { VERITY_VERSION } from '@verity/core'
import { DATA_DIR_LOCK_ATTEMPTS_MAX, DATA_DIR_LOCK_COMMAND_CHARS_MAX, DATA_DIR_LOCK_WAIT_MS } from '../limits.ts'
import { DataDirLockedError } from './DataDirLockedError.ts'
import type { DataDirLockHolder } from './DataDirLockHolder.ts'

export type LockDataDirParameters = {
  /** The data directory (created if absent). */
  dir: string
  /** What holds it, which names the lock file `<name>.lock`: 'verity-up', 'domain', 'base-layer', 'orchestrator', 'store'. */
  name: string
}

export type DataDirLock = { readonly path: string; release(): void }

/**
 * Takes the data directory `dir` for this process, or throws DataDirLockedError naming the
 * process that holds it. The lock is SQLite's write lock on `<dir>/<name>.lock`, an OS advisory
 * (POSIX fcntl) lock: the kernel drops it when its process ends in any way (exit, crash, kill -9),
 * so a lock is never left behind and there is no pid to check for liveness or reuse. Held until
 * `release()`. The holder's pid, command, start time and version are committed in the file first,
 * where a refused process reads them (readers are not blocked by the write lock).
 * @example const lock = lockDataDir({ dir: '.verity/domain', name: 'domain' }); … lock.release()
 */
export function lockDataDir(parameters: LockDataDirParameters): DataDirLock {
  const { dir, name } = parameters
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const path = join(dir, `${name}.lock`)
  // A held lock is refused after a short wait; the wait also lets a commit pass a refused process reading the holder.
  const db = new Database(path, { timeout: DATA_DIR_LOCK_WAIT_MS })
  try {
    db.exec('CREATE TABLE IF NOT EXISTS holder (id integer PRIMARY KEY CHECK (id = 1), pid integer NOT NULL, command text NOT NULL, started_at text NOT NULL, version text NOT NULL, hostname text)')
    takeLock(db, { dir, name })
  } catch (error) {
    db.close()
    throw error
  }
  const lock: DataDirLock = {
    path,
    release() {
      heldLocks.delete(lock)
      if (!db.open) return
      db.exec('ROLLBACK')
      db.close()
    },
  }
  heldLocks.add(lock)
  return lock
}

// A held lock stays referenced until released: better-sqlite3 closes a garbage-collected
// connection, which would drop the OS lock while the caller still counts on it.
const heldLocks = new Set<DataDirLock>()

// Record ourselves (committed, so refused processes can read who holds it), then take the write
// lock and keep it. Between the two another process may record itself and take the lock: then we
// are refused by name. If it recorded itself and we won the lock, we record again.
function takeLock(db: Database.Database, where: { dir: string; name: string }): void {
  const me = holderOfThisProcess()
  for (let attempt = 0; attempt < DATA_DIR_LOCK_ATTEMPTS_MAX; attempt++) {
    if (!tryBegin(db)) throw new DataDirLockedError({ ...where, holder: readHolder(db) })
    db.prepare('INSERT OR REPLACE INTO holder (id, pid, command, started_at, version, hostname) VALUES (1, ?, ?, ?, ?, ?)').run(me.pid, me.command, me.started_at, me.version, me.hostname ?? null)
    db.exec('COMMIT')
    if (!tryBegin(db)) throw new DataDirLockedError({ ...where, holder: readHolder(db) })
    const recorded = readHolder(db)
    if (recorded?.pid === me.pid && recorded.started_at === me.started_at && recorded.hostname === me.hostname) return
    db.exec('ROLLBACK')
  }
  throw new DataDirLockedError({ ...where, holder: readHolder(db) })
}

// BEGIN IMMEDIATE takes SQLite's RESERVED lock: one holder at a time, in this process or another.
function tryBegin(db: Database.Database): boolean {
  try {
    db.exec('BEGIN IMMEDIATE')
    return true
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return false
    throw error
  }
}

function readHolder(db: Database.Database): DataDirLockHolder | undefined {
  const row = db.prepare('SELECT pid, command, started_at, version, hostname FROM holder WHERE id = 1').get() as (Omit<DataDirLockHolder, 'hostname'> & { hostname: string | null }) | undefined
  if (row === undefined) return undefined
  const { hostname: host, ...rest } = row
  return host === null ? rest : { ...rest, hostname: host }
}

let startedAt: string | undefined

function holderOfThisProcess(): DataDirLockHolder {
  // One start time per process, so a lock retaken by the same process reads as the same holder.
  startedAt ??= new Date(Date.now() - process.uptime() * 1000).toISOString()
  const command = process.argv.slice(1).join(' ')
  return {
    pid: process.pid,
    command: command.length > DATA_DIR_LOCK_COMMAND_CHARS_MAX ? `${command.slice(0, DATA_DIR_LOCK_COMMAND_CHARS_MAX)}…` : command,
    started_at: startedAt,
    version: VERITY_VERSION,
    hostname: hostname(),
  }
}
