// Worker thread of SqliteIntentWriter: its own connection to the orchestrator's SQLite file,
// inserting groups of intents in one durable transaction each (WAL, synchronous=FULL), so the
// commit's fsync waits here and not on the event loop. Plain JavaScript: it needs better-sqlite3
// only, so it starts without a TypeScript loader. The SQL comes from the store (one definition).
// Request: { id, rows: unknown[][] } → reply { id, inserted: boolean[] } or { id, error: { message, code } }.
import Database from 'better-sqlite3'
import { parentPort, workerData } from 'node:worker_threads'

const db = new Database(workerData.path)
db.pragma('journal_mode = WAL')
db.pragma('synchronous = FULL')
db.pragma(`busy_timeout = ${Math.trunc(workerData.busyTimeoutMs)}`)
const insert = db.prepare(workerData.insertSql)
const insertAll = db.transaction((rows) => rows.map((row) => insert.run(...row).changes === 1))

parentPort.on('message', (request) => {
  if (request.close) {
    db.close()
    parentPort.close()
    return
  }
  try {
    parentPort.postMessage({ id: request.id, inserted: insertAll.immediate(request.rows) })
  } catch (error) {
    parentPort.postMessage({ id: request.id, error: { message: String(error?.message ?? error), code: error?.code } })
  }
})
