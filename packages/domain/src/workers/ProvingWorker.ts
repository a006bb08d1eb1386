// A proving worker: claims the proofs of SDLs in Proving from the database one part at a time (a
// batch proof, or an SDL's finishing part: its guardrail proofs), proves it and records it, at its
// own pace. Any number of workers (processes, machines) may serve one shard and share one SDL's
// batches; a lease keeps each part with one worker at a time, and a dead worker's part is taken by
// another once its lease runs out. The worker that records an SDL's last batch proof finishes it.
import { setTimeout as sleep } from 'node:timers/promises'
import { isVerityError } from '@verity/core'
import type { FastifyBaseLogger } from 'fastify'
import type { ProvingClaim, ProvingJobs } from '../store/ProvingJobs.ts'
import type { SdlBatchProver } from './SdlBatchProver.ts'

export type ProvingWorkerDeps = {
  jobs: ProvingJobs
  prover: SdlBatchProver
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
  /** lease per claim, in ms; renewed every third of it while proving */
  leaseMs: number
  /** pause between looks for work when there is none, in ms */
  pollIntervalMs: number
  /** parts claimed and proven at once (default 1): one per prover worker, so that a process with several keeps them all busy */
  lanes?: number
}

export class ProvingWorker {
  readonly #deps: ProvingWorkerDeps
  readonly #stop = new AbortController()
  #loop: Promise<void> | null = null
  /** The SDL round whose guardrail check this worker has passed (checked once per round, before its first proof). */
  #checkedRound: string | null = null

  constructor(deps: ProvingWorkerDeps) {
    this.#deps = deps
  }

  /** Starts claiming and proving in the background until close(). */
  start(): void {
    this.#loop ??= Promise.all(Array.from({ length: Math.max(1, this.#deps.lanes ?? 1) }, () => this.#run())).then(() => undefined)
  }

  async #run(): Promise<void> {
    const signal = this.#stop.signal
    while (!signal.aborted) {
      let handled = false
      try {
        handled = await this.proveNext()
      } catch (error) {
        this.#deps.log.warn({ err: error }, 'proving worker: claiming or recording failed; trying again')
      }
      if (!handled && !signal.aborted) await sleep(this.#deps.pollIntervalMs, undefined, { signal }).catch(() => undefined)
    }
  }

  /** Claims one part of an SDL and proves it (and the SDL's finishing part when it recorded the last batch); false when there was nothing to claim. */
  async proveNext(): Promise<boolean> {
    let claim = await this.#deps.jobs.claim(this.#deps.leaseMs)
    if (claim === null) return false
    while (claim !== null && !this.#stop.signal.aborted) claim = await this.#prove(claim)
    if (claim !== null) await this.#release(claim)
    return true
  }

  /** Proves a claimed part and records it; returns the SDL's finishing claim when this was its last batch proof. */
  async #prove(claim: ProvingClaim): Promise<ProvingClaim | null> {
    const { hash } = claim.job
    const { part } = claim
    this.#deps.log.info({ hash, part }, 'proving worker: claimed a part of an SDL')
    const renewal = this.#renewWhileProving(claim)
    const startedMs = Date.now()
    let artifacts: unknown[]
    try {
      artifacts = await this.#proofsOf(claim)
    } catch (error) {
      if (this.#stop.signal.aborted) {
        // Stopping ended the proof: give the part back so another worker takes it at once.
        await this.#release(claim)
        return null
      }
      await this.#fail(claim, error)
      return null
    } finally {
      renewal.stop()
    }
    const provingMs = Date.now() - startedMs
    if (part.kind === 'finish') {
      const isRecorded = await this.#deps.jobs.finish(claim, artifacts)
      this.#logRecorded(claim, isRecorded, renewal.isLost(), { state: 'Proven', provingMs })
      return null
    }
    const { recorded, finish } = await this.#deps.jobs.recordBatch(claim, artifacts[0], this.#deps.leaseMs)
    this.#logRecorded(claim, recorded, renewal.isLost(), { provingMs })
    return finish
  }

  /** The part's proofs: one batch proof (after the round's guardrail check), or the guardrail proofs. */
  async #proofsOf(claim: ProvingClaim): Promise<unknown[]> {
    const { prover } = this.#deps
    if (this.#checkedRound !== claim.round) {
      prover.checkGuardrails(claim.job)
      this.#checkedRound = claim.round
    }
    if (claim.part.kind === 'finish') return prover.proveGuardrails(claim.job)
    return [await prover.proveBatch(claim.job, claim.part.batchIndex)]
  }

  /** Renews the claim's lease every third of it until stopped; `isLost` once a renewal found it no longer held. */
  #renewWhileProving(claim: ProvingClaim): { stop(): void; isLost(): boolean } {
    const { jobs, leaseMs, log } = this.#deps
    let isLost = false
    const timer = setInterval(() => {
      jobs.renew(claim, leaseMs).then(
        (held) => (isLost ||= !held),
        (error: unknown) => log.warn({ hash: claim.job.hash, err: error }, 'proving worker: renewing the lease failed'),
      )
    }, Math.max(1, Math.floor(leaseMs / 3)))
    return { stop: () => clearInterval(timer), isLost: () => isLost }
  }

  /** A part that cannot be proven (a broken law, a guardrail refusal) fails the SDL with the reason. */
  async #fail(claim: ProvingClaim, error: unknown): Promise<void> {
    const hash = claim.job.hash
    const reason = error instanceof Error ? error.message : String(error)
    if (!isVerityError(error)) this.#deps.log.error({ hash, part: claim.part, err: error }, 'proving worker: SDL proving failed unexpectedly')
    const isRecorded = await this.#deps.jobs.fail(claim, reason)
    this.#logRecorded(claim, isRecorded, false, { state: { ProvingFailed: reason } })
  }

  #logRecorded(claim: ProvingClaim, isRecorded: boolean, leaseLost: boolean, fields: Record<string, unknown>): void {
    const { hash } = claim.job
    if (isRecorded) this.#deps.log.info({ hash, part: claim.part, ...fields }, 'proving worker: outcome recorded')
    else this.#deps.log.warn({ hash, part: claim.part, leaseLost }, 'proving worker: the claim no longer holds (lease taken over or SDL moved on); outcome dropped')
  }

  async #release(claim: ProvingClaim): Promise<void> {
    await this.#deps.jobs.release(claim).catch((error: unknown) => this.#deps.log.warn({ hash: claim.job.hash, err: error }, 'proving worker: releasing a claim failed; its lease will run out'))
  }

  /** Stops claiming, ends a proof under way (closing the prover) and gives its part back, then closes the jobs' connections. */
  async close(): Promise<void> {
    this.#stop.abort()
    await this.#deps.prover.close()
    await this.#loop
    await this.#deps.jobs.close()
  }
}
