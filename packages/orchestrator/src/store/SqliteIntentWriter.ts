import { Worker } from 'node:worker_threads'
import type { NewIntent } from './OrchestratorStore.ts'

/** The insert of one intent; `changes` is 0 when the id exists already. */
export const INSERT_INTENT_SQL = `INSERT INTO intents (id, template_id, shape, signed_intent_json, sealed_opening_json, status, created_at_ms, expires_at_ms)
       VALUES (?, ?, ?, ?, ?, 'pending', ?, ?) ON CONFLICT (id) DO NOTHING`

type Waiting = { intent: NewIntent; resolve: (inserted: boolean) => void; reject: (error: unknown) => void }
type Reply = { id: number; inserted?: boolean[]; error?: { message: string; code?: string } }

const WORKER_URL = new URL('./sqliteIntentWriterWorker.mjs', import.meta.url)

export type SqliteIntentWriterOptions = { path: string; busyTimeoutMs: number; batchMax: number }

/**
 * Group commit of new intents on a worker thread: intents submitted while a commit is under way
 * wait and go together into the next transaction (at most `batchMax`), so a burst shares one fsync
 * and the event loop never waits on the disk. Each promise resolves only after the transaction
 * holding its intent committed (synchronous=FULL): nothing is acknowledged before it is durable.
 */
export class SqliteIntentWriter {
  readonly #worker: Worker
  readonly #batchMax: number
  #waiting: Waiting[] = []
  #inFlight: { id: number; batch: Waiting[] } | undefined
  #nextId = 1
  #failure: Error | undefined

  constructor(options: SqliteIntentWriterOptions) {
    this.#batchMax = options.batchMax
    this.#worker = new Worker(WORKER_URL, { workerData: { path: options.path, busyTimeoutMs: options.busyTimeoutMs, insertSql: INSERT_INTENT_SQL } })
    this.#worker.unref()
    this.#worker.on('message', (reply: Reply) => this.#settle(reply))
    this.#worker.on('error', (error) => this.#fail(error))
    this.#worker.on('exit', (code) => this.#fail(new Error(`the intent writer thread exited (code ${code})`)))
  }

  insert(intent: NewIntent): Promise<boolean> {
    if (this.#failure !== undefined) return Promise.reject(this.#failure)
    return new Promise((resolve, reject) => {
      this.#waiting.push({ intent, resolve, reject })
      // Wait for the requests of this turn of the event loop, then send; while a commit is under
      // way, the next group gathers and goes when it ends.
      if (this.#waiting.length === 1 && this.#inFlight === undefined) setImmediate(() => this.#send())
    })
  }

  /** Waits for the writes under way, then stops the thread. */
  async close(): Promise<void> {
    while ((this.#inFlight !== undefined || this.#waiting.length > 0) && this.#failure === undefined) await new Promise((resolve) => setTimeout(resolve, 5))
    if (this.#failure !== undefined) return
    this.#failure = new Error('the store is closed')
    const exited = new Promise((resolve) => this.#worker.once('exit', resolve))
    this.#worker.ref()
    this.#worker.postMessage({ close: true })
    await exited
  }

  #send(): void {
    if (this.#inFlight !== undefined || this.#waiting.length === 0 || this.#failure !== undefined) return
    const batch = this.#waiting.splice(0, this.#batchMax)
    const id = this.#nextId++
    this.#inFlight = { id, batch }
    this.#worker.ref()
    const rows = batch.map(({ intent }) => [intent.id, intent.templateId, intent.shape, intent.signedIntentJson, intent.sealedOpeningJson ?? null, intent.createdAtMs, intent.expiresAtMs])
    this.#worker.postMessage({ id, rows })
  }

  #settle(reply: Reply): void {
    const flight = this.#inFlight
    if (flight === undefined || flight.id !== reply.id) return
    this.#inFlight = undefined
    this.#worker.unref()
    if (reply.inserted !== undefined) flight.batch.forEach((waiting, index) => waiting.resolve(reply.inserted![index]!))
    else {
      const error = Object.assign(new Error(reply.error?.message ?? 'intent insert failed'), { code: reply.error?.code })
      for (const waiting of flight.batch) waiting.reject(error)
    }
    this.#send()
  }

  /** The thread is gone: whatever waits fails (never acknowledged), and so does every later insert. */
  #fail(error: Error): void {
    if (this.#failure !== undefined) return
    this.#failure = error
    const failed = [...(this.#inFlight?.batch ?? []), ...this.#waiting.splice(0)]
    this.#inFlight = undefined
    for (const waiting of failed) waiting.reject(error)
  }
}
