import type { Worker } from 'node:worker_threads'
import { startTsWorker } from '../threads/startTsWorker.ts'
import { CrsError, ProofCancelledError, ProofQueueFullError, WitnessError } from '../errors/proverErrors.ts'
import type { WorkerConfig, WorkerFailure, WorkerRequest, WorkerResponse } from './workerProtocol.ts'

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never
export type JobRequest = DistributiveOmit<Exclude<WorkerRequest, { kind: 'close' }>, 'id'>

type Job = {
  id: number
  request: JobRequest
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
  signal?: AbortSignal
  onAbort?: () => void
  settled: boolean
}

type Slot = { worker: Worker; job?: Job }

/**
 * Worker threads that run proving jobs from a bounded queue. `queueMax` counts queued and running
 * jobs; beyond it `submit` throws ProofQueueFullError at once (back-pressure). An aborted job is
 * dropped from the queue, or, when already running, its result is discarded. Verification jobs go
 * ahead of queued proofs: they are short and callers wait on them.
 */
export class ProverPool {
  private readonly slots: Slot[] = []
  private readonly queue: Job[] = []
  private nextId = 1
  private closed = false

  constructor(private readonly options: { workers: number; queueMax: number; config: WorkerConfig }) {}

  /** Jobs queued or running. */
  get size(): number {
    return this.queue.length + this.slots.filter((slot) => slot.job).length
  }

  submit<T>(request: JobRequest, signal?: AbortSignal): Promise<T> {
    if (this.closed) return Promise.reject(new ProofCancelledError({ reason: 'prover closed' }))
    if (signal?.aborted) return Promise.reject(new ProofCancelledError({ reason: 'aborted before start' }))
    if (this.size >= this.options.queueMax) return Promise.reject(new ProofQueueFullError({ what: 'proof jobs queued or running', queueMax: this.options.queueMax }))
    return new Promise<T>((resolve, reject) => {
      const job: Job = { id: this.nextId++, request, resolve: resolve as (v: unknown) => void, reject, settled: false }
      if (signal) {
        job.signal = signal
        job.onAbort = () => this.abort(job)
        signal.addEventListener('abort', job.onAbort, { once: true })
      }
      if (request.kind === 'prove') this.queue.push(job)
      else {
        const firstProof = this.queue.findIndex((queued) => queued.request.kind === 'prove')
        this.queue.splice(firstProof === -1 ? this.queue.length : firstProof, 0, job)
      }
      this.dispatch()
    })
  }

  /**
   * Warms every worker (starting the ones not yet running): `request` is sent once per worker, all
   * at once while the pool is idle, so each worker takes one. Resolves when all are warm.
   */
  async warmEveryWorker(request: Extract<JobRequest, { kind: 'warm' }>): Promise<void> {
    await Promise.all(Array.from({ length: this.options.workers }, () => this.submit(request)))
  }

  async close(): Promise<void> {
    this.closed = true
    for (const job of this.queue.splice(0)) this.settle(job, false, new ProofCancelledError({ reason: 'prover closed' }))
    for (const slot of this.slots) if (slot.job) this.settle(slot.job, false, new ProofCancelledError({ reason: 'prover closed' }))
    await Promise.all(this.slots.splice(0).map((slot) => stopWorker(slot.worker)))
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((candidate) => !candidate.job)
      if (!slot && this.slots.length < this.options.workers) slot = this.spawn()
      if (!slot) return
      const job = this.queue.shift()!
      slot.job = job
      // Keep the process alive while a job runs; an idle worker must not (see spawn).
      slot.worker.ref()
      slot.worker.postMessage({ ...job.request, id: job.id } as WorkerRequest)
    }
  }

  private spawn(): Slot {
    const worker = startTsWorker(new URL('./proverWorker.ts', import.meta.url), this.options.config)
    const slot: Slot = { worker }
    worker.on('message', (response: WorkerResponse) => {
      const job = slot.job
      if (!job || job.id !== response.id) return
      slot.job = undefined
      worker.unref()
      if (response.ok) this.settle(job, true, response.value)
      else this.settle(job, false, rebuildError(response.error))
      this.dispatch()
    })
    worker.on('error', (error) => this.retire(slot, error))
    worker.on('exit', (code) => this.retire(slot, new Error(`prover worker exited with code ${code}`)))
    this.slots.push(slot)
    return slot
  }

  private retire(slot: Slot, error: unknown): void {
    const index = this.slots.indexOf(slot)
    if (index === -1) return
    this.slots.splice(index, 1)
    if (slot.job) this.settle(slot.job, false, error)
    if (!this.closed) this.dispatch()
  }

  private abort(job: Job): void {
    const index = this.queue.indexOf(job)
    if (index !== -1) this.queue.splice(index, 1)
    // A running job keeps its worker busy until bb.js returns; only its result is discarded.
    this.settle(job, false, new ProofCancelledError({ reason: index !== -1 ? 'aborted while queued' : 'aborted while running' }))
  }

  private settle(job: Job, ok: boolean, value: unknown): void {
    if (job.settled) return
    job.settled = true
    if (job.signal && job.onAbort) job.signal.removeEventListener('abort', job.onAbort)
    if (ok) job.resolve(value)
    else job.reject(value)
  }
}

function rebuildError(failure: WorkerFailure): Error {
  const fields = failure.fields as Record<string, string> | undefined
  if (failure.code === 'WITNESS_UNSATISFIED' && fields)
    return new WitnessError({ circuit: fields.circuit ?? '?', reason: fields.reason ?? failure.message })
  if (failure.code === 'CRS_INVALID' && fields) return new CrsError({ path: fields.path ?? '?', reason: fields.reason ?? failure.message })
  return new Error(failure.message)
}

async function stopWorker(worker: Worker): Promise<void> {
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  worker.postMessage({ id: 0, kind: 'close' } satisfies WorkerRequest)
  const timer = setTimeout(() => void worker.terminate(), 5_000)
  await exited
  clearTimeout(timer)
}
