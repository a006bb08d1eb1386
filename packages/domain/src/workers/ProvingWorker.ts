// A proving worker: claims SDLs in Proving from the database, proves them and records the
// outcome, one at a time, at its own pace. Any number of workers (processes, machines) may serve
// one shard; the lease keeps each SDL with one worker at a time, and a dead worker's SDL is taken
// by another once its lease runs out.
import { setTimeout as sleep } from 'node:timers/promises'
import { isVerityError } from '@verity/core'
import type { FastifyBaseLogger } from 'fastify'
import type { SdlProver } from '../sdl/SdlProver.ts'
import type { SdlStateValue } from '../sdl/SdlStateValue.ts'
import type { ProvingClaim, ProvingJobs } from '../store/ProvingJobs.ts'

export type ProvingWorkerDeps = {
  jobs: ProvingJobs
  prover: SdlProver
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
  /** lease per claim, in ms; renewed every third of it while proving */
  leaseMs: number
  /** pause between looks for work when there is none, in ms */
  pollIntervalMs: number
}

export class ProvingWorker {
  readonly #deps: ProvingWorkerDeps
  readonly #stop = new AbortController()
  #loop: Promise<void> | null = null

  constructor(deps: ProvingWorkerDeps) {
    this.#deps = deps
  }

  /** Starts claiming and proving in the background until close(). */
  start(): void {
    this.#loop ??= this.#run()
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

  /** Claims one SDL and proves it; false when there was nothing to claim. */
  async proveNext(): Promise<boolean> {
    const { jobs, leaseMs } = this.#deps
    const claim = await jobs.claim(leaseMs)
    if (claim === null) return false
    const hash = claim.job.hash
    this.#deps.log.info({ hash }, 'proving worker: claimed an SDL')
    let isLost = false
    const renewal = setInterval(() => {
      jobs.renew(claim, leaseMs).then(
        (held) => (isLost ||= !held),
        (error: unknown) => this.#deps.log.warn({ hash, err: error }, 'proving worker: renewing the lease failed'),
      )
    }, Math.max(1, Math.floor(leaseMs / 3)))
    let outcome: { state: SdlStateValue; proof: unknown }
    const startedMs = Date.now()
    try {
      outcome = { state: 'Proven', proof: await this.#deps.prover.prove(claim.job) }
    } catch (error) {
      if (this.#stop.signal.aborted) {
        // Stopping ended the proof: give the SDL back so another worker takes it at once.
        await this.#release(claim)
        return true
      }
      const reason = error instanceof Error ? error.message : String(error)
      if (!isVerityError(error)) this.#deps.log.error({ hash, err: error }, 'proving worker: SDL proving failed unexpectedly')
      outcome = { state: { ProvingFailed: reason }, proof: null }
    } finally {
      clearInterval(renewal)
    }
    const isRecorded = await jobs.complete(claim, outcome)
    if (isRecorded) this.#deps.log.info({ hash, state: outcome.state, provingMs: Date.now() - startedMs }, 'proving worker: outcome recorded')
    else this.#deps.log.warn({ hash, leaseLost: isLost }, 'proving worker: the claim no longer holds (lease taken over or SDL moved on); outcome dropped')
    return true
  }

  async #release(claim: ProvingClaim): Promise<void> {
    await this.#deps.jobs.release(claim).catch((error: unknown) => this.#deps.log.warn({ hash: claim.job.hash, err: error }, 'proving worker: releasing a claim failed; its lease will run out'))
  }

  /** Stops claiming, ends a proof under way (closing the prover) and gives its SDL back, then closes the jobs' connections. */
  async close(): Promise<void> {
    this.#stop.abort()
    await this.#deps.prover.close()
    await this.#loop
    await this.#deps.jobs.close()
  }
}
