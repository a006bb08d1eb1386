// The SDL pipeline as durable state: Submitted → Proving → Proven | {ProvingFailed} →
// ProofSubmitted → BaseLayerApplied | BaseLayerFailed. Proving runs in the background from a
// bounded queue, one SDL at a time (the prover's worker threads do the work); a restart re-queues
// SDLs left in Proving and reconciles SDLs left in ProofSubmitted with the base layer.
import { isVerityError, type Signer } from '@verity/core'
import { signSdlSubmission } from '@verity/base-layer'
import type { Settlement } from '../settlement/Settlement.ts'
import type { FastifyBaseLogger } from 'fastify'
import type { ProveStart } from '../DomainApi.ts'
import { BaseLayerUnavailableError } from '@verity/base-layer'
import { ProofQueueFullError } from '@verity/prover'
import { SdlNotFoundError, SdlOrderError, SdlStateConflictError } from '../errors/domainErrors.ts'
import { SerialQueue } from '../execution/SerialQueue.ts'
import { PROVING_QUEUE_MAX } from '../limits.ts'
import type { DomainStore, SdlRecord } from '../store/DomainStore.ts'
import type { SdlProver } from './SdlProver.ts'
import { sdlStateName, type SdlStateValue } from './SdlStateValue.ts'

export type SdlPipelineDeps = {
  store: DomainStore
  prover: SdlProver
  baseLayer: Settlement
  operator: Signer
  log: Pick<FastifyBaseLogger, 'info' | 'error' | 'warn'>
  /** true: SDLs moved to Proving are proven by proving workers that claim them from the database (PostgreSQL), not by this process */
  provingWorkers?: boolean
}

const PROVABLE = ['Submitted', 'ProvingFailed'] as const
const SUBMITTABLE = ['Proven'] as const
/** Base-layer refusals that say "not now" rather than "never". */
const TRANSIENT_REFUSALS = new Set(['SDL_OUT_OF_ORDER', 'AGREEMENT_NOT_ACTIVE'])

export class SdlPipeline {
  readonly #deps: SdlPipelineDeps
  readonly #queue: string[] = []
  // Requests that move an SDL's state (prove, submit_proof) run one at a time, so two concurrent
  // calls never both act on the same state (e.g. submit the same proof twice).
  readonly #transitions = new SerialQueue()
  #running: Promise<void> | null = null
  #closed = false

  constructor(deps: SdlPipelineDeps) {
    this.#deps = deps
  }

  /** Resumes after a restart: SDLs left in Proving are proven again from their stored content and input; ProofSubmitted ones are reconciled. */
  async recover(): Promise<void> {
    if (this.#deps.provingWorkers === true) {
      const waiting = await this.#deps.store.countSdlsInStates(['Proving'])
      if (waiting > 0) this.#deps.log.info({ count: waiting }, 'SDLs in Proving are left to the proving workers')
    }
    for (const record of this.#deps.provingWorkers === true ? [] : await this.#deps.store.listSdlsInStates(['Proving'])) {
      this.#deps.log.warn({ hash: record.hash }, 'SDL was being proven when the domain stopped: proving it again')
      this.#enqueue(record.hash)
    }
    for (const record of await this.#deps.store.listSdlsInStates(['ProofSubmitted'])) {
      try {
        await this.#reconcile(record)
      } catch (error) {
        this.#deps.log.warn({ hash: record.hash, err: error }, 'cannot reconcile a submitted SDL with the base layer yet')
      }
    }
  }

  async #get(hash: string): Promise<SdlRecord> {
    const record = await this.#deps.store.getSdl(hash)
    if (record === null) throw new SdlNotFoundError({ hash })
    return record
  }

  /** Queues `hash` for proving; `started: false` when it is already being proven or proven. */
  startProving(hash: string, guardrailInput: Uint8Array | null): Promise<ProveStart> {
    return this.#transitions.run(() => this.#startProving(hash, guardrailInput))
  }

  async #startProving(hash: string, guardrailInput: Uint8Array | null): Promise<ProveStart> {
    const record = await this.#deps.store.getSdlSummary(hash)
    if (record === null) throw new SdlNotFoundError({ hash })
    const name = sdlStateName(record.state)
    if (name === 'Proving' || name === 'Proven' || name === 'ProofSubmitted' || name === 'BaseLayerApplied') return { started: false, state: record.state }
    if (!(PROVABLE as readonly string[]).includes(name)) throw new SdlStateConflictError({ hash, state: name, action: 'prove', allowed: PROVABLE })
    // The queue is this process's, or with proving workers the SDLs in Proving in the database.
    const queued = this.#deps.provingWorkers === true ? await this.#deps.store.countSdlsInStates(['Proving']) : this.#queue.length
    if (queued >= PROVING_QUEUE_MAX) throw new ProofQueueFullError({ what: 'SDLs waiting to be proven', queueMax: PROVING_QUEUE_MAX })
    await this.#deps.store.updateSdl(hash, { state: 'Proving', guardrailInput, proof: null })
    if (this.#deps.provingWorkers !== true) this.#enqueue(hash)
    return { started: true, state: 'Proving' }
  }

  #enqueue(hash: string): void {
    this.#queue.push(hash)
    if (this.#running === null) this.#running = this.#drain().finally(() => (this.#running = null))
  }

  async #drain(): Promise<void> {
    while (!this.#closed && this.#queue.length > 0) {
      const hash = this.#queue.shift()!
      await this.#proveOne(hash)
    }
  }

  async #proveOne(hash: string): Promise<void> {
    const record = await this.#deps.store.getSdl(hash)
    if (record === null || sdlStateName(record.state) !== 'Proving') return
    const startedMs = Date.now()
    let state: SdlStateValue
    let proof: unknown = null
    try {
      proof = await this.#deps.prover.prove({ hash, content: record.content, witness: record.witness, guardrailInput: record.guardrailInput })
      state = 'Proven'
      this.#deps.log.info({ hash, provingMs: Date.now() - startedMs }, 'SDL proven')
    } catch (error) {
      if (this.#closed) return // shutting down: the SDL stays in Proving and is re-queued at the next start
      const reason = error instanceof Error ? error.message : String(error)
      state = { ProvingFailed: reason }
      if (!isVerityError(error)) this.#deps.log.error({ hash, err: error }, 'SDL proving failed unexpectedly')
      else this.#deps.log.warn({ hash, reason }, 'SDL proving failed')
    }
    if (this.#closed && state === 'Proven') {
      // The store may be closing; the proof is recomputed at the next start.
      return
    }
    await this.#deps.store.updateSdl(hash, { state, proof })
  }

  /** Submits a proven SDL with its proofs to the base layer and records the outcome. */
  submitProof(hash: string): Promise<SdlStateValue> {
    return this.#transitions.run(() => this.#submitProof(hash))
  }

  async #submitProof(hash: string): Promise<SdlStateValue> {
    const record = await this.#get(hash)
    const name = sdlStateName(record.state)
    if (name === 'ProofSubmitted') return this.#reconcile(record)
    if (name === 'BaseLayerApplied') return record.state
    if (!(SUBMITTABLE as readonly string[]).includes(name)) throw new SdlStateConflictError({ hash, state: name, action: 'submit its proof', allowed: SUBMITTABLE })
    // SDLs settle in sequence order: sending one early would only get it refused.
    if (record.seq > 1) {
      const [previous] = await this.#deps.store.listSdls(record.seq - 2, 1)
      if (previous !== undefined && previous.state !== 'BaseLayerApplied')
        throw new SdlOrderError({ hash, previousHash: previous.hash, previousState: sdlStateName(previous.state) })
    }
    await this.#deps.store.updateSdl(hash, { state: 'ProofSubmitted' })
    return this.#send(record)
  }

  async #send(record: SdlRecord): Promise<SdlStateValue> {
    const submission = signSdlSubmission(this.#deps.operator, { content: record.content, proofs: record.proof })
    let result
    try {
      result = await this.#deps.baseLayer.submitSdl({ ...submission, hash: record.hash })
    } catch (error) {
      // Still ProofSubmitted: a later submit_proof (or the restart) retries; the base layer refuses replays.
      if (isVerityError(error) && error.code === 'BASE_LAYER_UNAVAILABLE') throw new BaseLayerUnavailableError({ reason: error.message }, { cause: error })
      throw error
    }
    if (result.status === 'failed' && result.code === 'SDL_ALREADY_APPLIED') return this.#reconcile(record)
    if (result.status === 'failed' && TRANSIENT_REFUSALS.has(result.code)) {
      // Not a verdict on the SDL: it stays Proven and can be submitted again.
      await this.#deps.store.updateSdl(record.hash, { state: 'Proven' })
      throw new BaseLayerUnavailableError({ reason: result.reason })
    }
    const state: SdlStateValue = result.status === 'applied' ? 'BaseLayerApplied' : 'BaseLayerFailed'
    if (result.status === 'failed') this.#deps.log.error({ hash: record.hash, code: result.code, reason: result.reason }, 'base layer refused the SDL')
    else this.#deps.log.info({ hash: record.hash, sequence: result.sequence.toString() }, 'SDL applied by the base layer')
    await this.#deps.store.updateSdl(record.hash, { state })
    return state
  }

  /** An SDL in ProofSubmitted: ask the base layer what became of it, and send it again if it never arrived. */
  async #reconcile(record: SdlRecord): Promise<SdlStateValue> {
    const status = await this.#deps.baseLayer.getSdlStatus(record.hash)
    if (status.status === 'unknown') return this.#send(record)
    const state: SdlStateValue = status.status === 'applied' ? 'BaseLayerApplied' : 'BaseLayerFailed'
    await this.#deps.store.updateSdl(record.hash, { state })
    return state
  }

  /** Waits for the queue to empty (tests) */
  async idle(): Promise<void> {
    while (this.#running !== null) await this.#running
  }

  /**
   * Stops taking work; an SDL being proven stays in Proving and is re-queued at the next start.
   * Close the prover next (which ends a proof under way), then await `idle()`.
   */
  stop(): void {
    this.#closed = true
    this.#queue.length = 0
  }
}
