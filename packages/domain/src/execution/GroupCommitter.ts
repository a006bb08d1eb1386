// Group commit: batches that arrive while a commit is under way wait and are then checked one
// after another (each against the state the earlier ones leave) and committed together in one
// durable SQLite transaction. Each batch stays all-or-nothing and is acknowledged only after the
// commit that holds it; a failed batch is answered alone and changes nothing.
import { Ed25519VerifierPool } from '@verity/core'
import type { ApplyResult } from '../DomainApi.ts'
import { GROUP_COMMIT_BATCHES_MAX, SIGNATURE_VERIFY_WORKERS_DEFAULT } from '../limits.ts'
import { emptyChanges, parseBatch, prepareParsedBatch, type ApplyBatchDeps, type BatchItem, type BatchMode } from './applyBatch.ts'
import { preverifyBatch } from './preverifyBatch.ts'
import type { MandateFacts } from '@verity/ledger'
import { verifyBatchMandates, type BatchMandatesDeps } from '../mandates/verifyBatchMandates.ts'
import type { SerialQueue } from './SerialQueue.ts'

type Waiting = {
  items: readonly BatchItem[]
  mode: BatchMode
  /** the facts of each mandate payment's verified bundle, by index */
  mandates: ReadonlyMap<number, MandateFacts>
  resolve(result: ApplyResult): void
  reject(error: unknown): void
}

export class GroupCommitter {
  readonly #deps: ApplyBatchDeps
  readonly #serial: SerialQueue
  readonly #verifiers: Ed25519VerifierPool
  #waiting: Waiting[] = []
  #scheduled = false

  readonly #mandates: BatchMandatesDeps

  constructor(deps: ApplyBatchDeps, serial: SerialQueue, mandates: Omit<BatchMandatesDeps, 'store'>) {
    this.#deps = deps
    this.#mandates = { ...mandates, store: deps.store }
    this.#serial = serial
    this.#verifiers = new Ed25519VerifierPool({ workers: deps.signatureVerifyWorkers ?? SIGNATURE_VERIFY_WORKERS_DEFAULT })
  }

  async apply(batch: readonly unknown[], mode: BatchMode): Promise<ApplyResult> {
    // Signatures are verified off the event loop while the batch waits for its turn, not in the
    // serial section that every batch and the commit share.
    // The batch is parsed once, here: a malformed one is refused before it queues.
    const items = parseBatch(batch, mode)
    if (this.#verifiers.workers > 0) await preverifyBatch(items, this.#verifiers)
    // Mandate payments' proofs are verified here too, on the prover's worker threads.
    const mandates = await verifyBatchMandates(this.#mandates, items)
    return new Promise((resolve, reject) => {
      this.#waiting.push({ items, mode, mandates, resolve, reject })
      if (!this.#scheduled) {
        this.#scheduled = true
        void this.#serial.run(() => this.#drain())
      }
    })
  }

  /** Stops the verifier threads (batches still arriving are verified inline). */
  close(): Promise<void> {
    return this.#verifiers.close()
  }

  // One group per turn of the serial queue, so incoming credits and SDL cuts are not starved.
  async #drain(): Promise<void> {
    // Let the requests already readable on other sockets arrive first: the commit's fsync blocks
    // the thread, so whatever queues up meanwhile joins the next group.
    await new Promise((resolve) => setImmediate(resolve))
    const group = this.#waiting.splice(0, GROUP_COMMIT_BATCHES_MAX)
    await this.#commitGroup(group)
    if (this.#waiting.length > 0) void this.#serial.run(() => this.#drain())
    else this.#scheduled = false
  }

  async #commitGroup(group: Waiting[]): Promise<void> {
    const changes = emptyChanges()
    const accepted: Array<{ waiting: Waiting; applied: number }> = []
    for (const waiting of group) {
      try {
        accepted.push({ waiting, applied: await prepareParsedBatch(this.#deps, waiting.items, waiting.mode, changes, waiting.mandates) })
      } catch (error) {
        waiting.reject(error)
      }
    }
    if (accepted.length === 0) return
    try {
      await this.#deps.store.commitBatch({ vaults: changes.vaults, nonces: changes.nonces, pending: changes.records, mandates: [...changes.mandates.values()] })
    } catch (error) {
      for (const { waiting } of accepted) waiting.reject(error)
      return
    }
    for (const { waiting, applied } of accepted) waiting.resolve({ applied })
  }
}
