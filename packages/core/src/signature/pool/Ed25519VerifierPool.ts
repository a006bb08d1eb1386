import { verify } from 'node:crypto'
import { Worker } from 'node:worker_threads'
import { PUBLIC_KEY_CACHE_ENTRIES_MAX, SIGNATURE_VERIFY_BATCH_MAX } from '../../limits.ts'
import type { ParsedEd25519 } from '../parseSignature.ts'

export type Ed25519VerifierPoolOptions = {
  /** Worker threads; 0 verifies inline on the caller's thread (no pool at all). */
  workers: number
  /** Most signatures in one message to a worker. */
  batchMax?: number
}

type Pending = { parsed: ParsedEd25519; message: Uint8Array; resolve: (valid: boolean) => void }
type Slot = { worker: Worker; outstanding: Map<number, Pending[]>; inFlight: number }
type Reply = { id: number; valid: Uint8Array }

const WORKER_URL = new URL('./ed25519VerifyWorker.mjs', import.meta.url)

/** node:crypto's Ed25519 verification on this thread (null digest: pure Ed25519, RFC 8032). */
const verifyInline = (item: Pending): boolean => verify(null, item.message, item.parsed.keyObject, item.parsed.signature)

/**
 * Verifies Ed25519 signatures off the event loop, on worker threads. Requests that arrive in one
 * turn of the event loop are gathered and sent as one batch per worker (spread over the workers,
 * each part at most `batchMax`), so a burst costs one message per worker instead of one per
 * signature, and a lone request is sent at once (its latency is one round trip to a worker).
 * With 0 workers it verifies inline. A worker that dies has its batch verified inline: a
 * verification is never lost or answered wrongly.
 */
export class Ed25519VerifierPool {
  readonly #workersMax: number
  readonly #batchMax: number
  readonly #slots: Slot[] = []
  #pending: Pending[] = []
  #nextId = 1
  #isClosed = false

  constructor(options: Ed25519VerifierPoolOptions) {
    if (!Number.isInteger(options.workers) || options.workers < 0) throw new RangeError(`workers must be an integer ≥ 0, got ${options.workers}`)
    this.#workersMax = options.workers
    this.#batchMax = options.batchMax ?? SIGNATURE_VERIFY_BATCH_MAX
  }

  /** Worker threads this pool may run (0: inline). */
  get workers(): number {
    return this.#workersMax
  }

  /** Whether `parsed` verifies over `message`. */
  verify(parsed: ParsedEd25519, message: Uint8Array): Promise<boolean> {
    if (this.#workersMax === 0 || this.#isClosed) return Promise.resolve(verify(null, message, parsed.keyObject, parsed.signature))
    return new Promise((resolve) => {
      this.#pending.push({ parsed, message, resolve })
      if (this.#pending.length === 1) setImmediate(() => this.#flush())
    })
  }

  /** Stops the workers; what they still held is verified inline. */
  async close(): Promise<void> {
    this.#isClosed = true
    this.#flush()
    await Promise.all(this.#slots.splice(0).map((slot) => this.#retire(slot, true)))
  }

  #flush(): void {
    const pending = this.#pending
    this.#pending = []
    if (pending.length === 0) return
    if (this.#isClosed) {
      for (const item of pending) item.resolve(verifyInline(item))
      return
    }
    while (this.#slots.length < this.#workersMax) this.#slots.push(this.#spawn())
    const partSize = Math.min(this.#batchMax, Math.ceil(pending.length / this.#slots.length))
    for (let start = 0; start < pending.length; start += partSize) this.#send(pending.slice(start, start + partSize))
  }

  /**
   * Sends one batch to the least busy worker, packed in one buffer (one structured-clone copy
   * instead of one per array): count (u32) ‖ message ends (u32 each) ‖ keys (32 each) ‖
   * signatures (64 each) ‖ messages.
   */
  #send(batch: Pending[]): void {
    const slot = this.#slots.reduce((best, candidate) => (candidate.inFlight < best.inFlight ? candidate : best))
    const id = this.#nextId++
    const count = batch.length
    const headerBytes = 4 * (1 + count)
    const keysAt = headerBytes
    const signaturesAt = keysAt + 32 * count
    const messagesAt = signaturesAt + 64 * count
    const messageBytes = batch.reduce((sum, item) => sum + item.message.length, 0)
    const packed = new Uint8Array(messagesAt + messageBytes)
    const header = new DataView(packed.buffer)
    header.setUint32(0, count, true)
    let offset = messagesAt
    batch.forEach((item, index) => {
      packed.set(item.parsed.publicKey, keysAt + 32 * index)
      packed.set(item.parsed.signature, signaturesAt + 64 * index)
      packed.set(item.message, offset)
      offset += item.message.length
      header.setUint32(4 * (1 + index), offset, true)
    })
    slot.outstanding.set(id, batch)
    slot.inFlight += count
    slot.worker.postMessage({ id, packed }, [packed.buffer])
  }

  #spawn(): Slot {
    const worker = new Worker(WORKER_URL, { workerData: { keyCacheEntriesMax: PUBLIC_KEY_CACHE_ENTRIES_MAX } })
    worker.unref()
    const slot: Slot = { worker, outstanding: new Map(), inFlight: 0 }
    worker.on('message', (reply: Reply) => {
      const batch = slot.outstanding.get(reply.id)
      if (batch === undefined) return
      slot.outstanding.delete(reply.id)
      slot.inFlight -= batch.length
      batch.forEach((item, index) => item.resolve(reply.valid[index] === 1))
    })
    worker.on('error', () => void this.#retire(slot, false))
    worker.on('exit', () => void this.#retire(slot, false))
    return slot
  }

  /** Removes a worker (stopping it when asked) and verifies what it held inline. */
  async #retire(slot: Slot, isStopping: boolean): Promise<void> {
    const index = this.#slots.indexOf(slot)
    if (index !== -1) this.#slots.splice(index, 1)
    for (const batch of slot.outstanding.values()) for (const item of batch) item.resolve(verifyInline(item))
    slot.outstanding.clear()
    slot.inFlight = 0
    if (isStopping) await slot.worker.terminate()
  }
}
