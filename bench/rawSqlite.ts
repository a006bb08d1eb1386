// Raw limit: durable SQLite commits per second (better-sqlite3, WAL, synchronous=FULL), one row
// per transaction — what each acknowledged write of a service costs at least.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { nowMs } from './lib/stats.ts'
import type { BenchSettings } from './lib/benchSettings.ts'

export type RawSqliteResult = { commitsPerSecond: number; commits: number }

export function measureRawSqlite(settings: BenchSettings): RawSqliteResult {
  const dir = mkdtempSync(join(tmpdir(), 'verity-bench-sqlite-'))
  const db = new Database(join(dir, 'bench.sqlite'))
  try {
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
    db.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)')
    const insert = db.prepare('INSERT INTO rows (body) VALUES (?)')
    const commit = db.transaction((body: string) => insert.run(body))
    const body = 'x'.repeat(400)
    for (let i = 0; i < 20; i++) commit(body)
    const start = nowMs()
    let commits = 0
    while (nowMs() - start < settings.sqliteMs) {
      commit(body)
      commits++
    }
    return { commitsPerSecond: (commits * 1_000) / (nowMs() - start), commits }
  } finally {
    db.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
