import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'

/**
 * Copies the SQLite database at `source` to `target` with SQLite's online backup (a consistent copy,
 * WAL included), then checks the copy (`PRAGMA integrity_check`). Throws when either fails; a
 * failed copy is not a backup.
 */
export async function backupSqliteFile(source: string, target: string): Promise<void> {
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 })
  const db = new Database(source, { readonly: true, fileMustExist: true })
  try {
    await db.backup(target)
  } finally {
    db.close()
  }
  const copy = new Database(target, { readonly: true, fileMustExist: true })
  try {
    const result = copy.pragma('integrity_check', { simple: true })
    if (result !== 'ok') throw new Error(`the backup ${target} of ${source} fails SQLite's integrity check: ${String(result)}`)
  } finally {
    copy.close()
  }
}
