// Concurrent signed transfers around a ring of writers, each writer one at a time in nonce order
// (batches of 1–4 transfers of 1 unit). A 200 is an acknowledged write. When a request fails
// (the service was killed, or answered 503 while its database was away) the writer asks the
// restarted service for its vault's next nonce, which says whether the batch was applied, and
// carries on from there. The counts let a scenario check afterwards that nothing acknowledged
// was lost and that the supply is conserved.
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Deadline } from './Deadline.ts'
import { readNextNonce, readRingBalance, type TransferRing } from './domainFixture.ts'
import type { ServiceClient } from './ServiceClient.ts'
import { waitUntil } from './waitUntil.ts'

/** Transfers per batch, at most (a batch is applied atomically: all of it or none). */
const BATCH_TRANSFERS_MAX = 4
/** Longest wait for a restarted service to answer a writer's nonce question, in milliseconds. */
const RESOLVE_TIMEOUT_MS = 120_000
/** Pause of a writer after a failed request, in milliseconds. */
const RETRY_PAUSE_MS = 100

export class AcknowledgedWriteLostError extends Error {
  override readonly name = 'AcknowledgedWriteLostError'
  constructor(readonly writerIndex: number, readonly acknowledgedNonce: bigint, readonly serverNextNonce: bigint) {
    super(`writer ${writerIndex}: nonce ${acknowledgedNonce} was acknowledged, but the domain's next nonce is ${serverNextNonce}: an acknowledged transfer was lost`)
  }
}

export class RingLoad {
  /** Per writer: the next nonce to sign (so next - 1 transfers of it are applied). */
  readonly next: bigint[]
  /** Per writer: the highest acknowledged nonce. */
  readonly acknowledged: bigint[]
  /** Per writer: the last acknowledged batch, for a replay after restart. */
  readonly lastAcknowledgedBatch: unknown[][]
  acknowledgedTransfers = 0
  failedRequests = 0
  /** The last failed request's status and reply (or connection error), for messages. */
  lastFailure = 'none'
  /** Batches whose request failed but which the domain had applied (found out from the nonce). */
  appliedUnacknowledged = 0
  /** Statuses that stopped the load (neither 200 nor a refusal status), by status. */
  readonly otherStatuses = new Map<number, number>()
  /** Refusals received, by status. */
  readonly refusals = new Map<number, number>()
  #stopped = false
  #writers: Promise<void>[] = []
  #failure: Error | undefined

  constructor(
    readonly client: ServiceClient,
    readonly ring: TransferRing,
    readonly deadline: Deadline,
    readonly random: (bound: number) => number,
    /** Statuses that mean "not now, nothing applied" (retried after asking for the nonce); any other non-200 stops the load. */
    readonly refusalStatuses: readonly number[] = [503],
  ) {
    this.next = ring.writers.map(() => 1n)
    this.acknowledged = ring.writers.map(() => 0n)
    this.lastAcknowledgedBatch = ring.writers.map(() => [])
  }

  start(): void {
    this.#stopped = false
    // A writer's failure stops all writers and is rethrown by stop(); never an unhandled rejection.
    this.#writers = this.ring.writers.map((_, index) =>
      this.#write(index).catch((error: Error) => {
        this.#failure ??= error
        this.#stopped = true
      }),
    )
  }

  /** The first failure of a writer (it stopped every writer), if any. */
  failure(): Error | undefined {
    return this.#failure
  }

  /** Stops the writers after their request in flight; rethrows the first writer's failure. */
  async stop(): Promise<void> {
    this.#stopped = true
    await Promise.all(this.#writers)
    if (this.#failure !== undefined) throw this.#failure
  }

  async #write(index: number): Promise<void> {
    while (!this.#stopped) {
      this.deadline.check()
      const first = this.next[index]!
      const batch = Array.from({ length: 1 + this.random(BATCH_TRANSFERS_MAX) }, (_, k) => this.ring.transfer(index, first + BigInt(k)))
      let status: number
      try {
        const reply = await this.client.post('/intents/execute', batch)
        status = reply.status
        if (status !== 200) this.lastFailure = `${status} ${reply.text.slice(0, 300)}`
        if (this.refusalStatuses.includes(status)) this.refusals.set(status, (this.refusals.get(status) ?? 0) + 1)
        if (status !== 200 && !this.refusalStatuses.includes(status)) {
          this.otherStatuses.set(status, (this.otherStatuses.get(status) ?? 0) + 1)
          throw new Error(`writer ${index}: POST /intents/execute answered ${status}: ${reply.text.slice(0, 300)}`)
        }
      } catch (error) {
        if ((error as Error).message.startsWith(`writer ${index}:`)) throw error
        this.lastFailure = (error as Error).message
        status = 0
      }
      if (status === 200) {
        this.next[index] = first + BigInt(batch.length)
        this.acknowledged[index] = this.next[index]! - 1n
        this.lastAcknowledgedBatch[index] = batch
        this.acknowledgedTransfers += batch.length
        continue
      }
      this.failedRequests += 1
      await sleep(RETRY_PAUSE_MS)
      await this.#resolve(index, first)
    }
  }

  // After a failed request: the domain's next nonce says whether the batch was applied.
  async #resolve(index: number, first: bigint): Promise<void> {
    const serverNext = await waitUntil(`writer ${index}'s nonce from the restarted domain`, () => readNextNonce(this.client, this.ring, index), {
      timeoutMs: RESOLVE_TIMEOUT_MS,
      intervalMs: 200,
      deadline: this.deadline,
    })
    if (serverNext - 1n < this.acknowledged[index]!) throw new AcknowledgedWriteLostError(index, this.acknowledged[index]!, serverNext)
    if (serverNext > first) this.appliedUnacknowledged += 1
    this.next[index] = serverNext
  }

  /**
   * Checks the domain's state against what the writers know: each writer's next nonce is what
   * it counted (nothing acknowledged lost, nothing applied twice), each balance is the initial
   * amount minus what it sent plus what its neighbour sent it, and the supply is conserved.
   */
  async verify(): Promise<void> {
    const { ring } = this
    const count = ring.writers.length
    let supply = 0n
    for (let index = 0; index < count; index++) {
      const serverNext = await readNextNonce(this.client, ring, index)
      if (serverNext - 1n < this.acknowledged[index]!) throw new AcknowledgedWriteLostError(index, this.acknowledged[index]!, serverNext)
      assert.equal(serverNext, this.next[index], `writer ${index}: next nonce`)
      const sent = this.next[index]! - 1n
      const received = this.next[(index + count - 1) % count]! - 1n
      const balance = await readRingBalance(this.client, ring, index)
      assert.equal(balance, ring.amountEach - sent + received, `writer ${index}: balance`)
      supply += balance
    }
    assert.equal(supply, ring.amountEach * BigInt(count), 'the token supply is conserved')
  }
}
