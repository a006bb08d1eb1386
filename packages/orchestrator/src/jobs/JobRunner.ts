import { retryWithBackoff, type RetryPolicy } from '@verity/core'
import type { ClaimedJob, OrchestratorStore, StoredEvent } from '../store/OrchestratorStore.ts'

export type JobRunnerOptions = {
  store: OrchestratorStore
  /** Names this instance in job leases; unique per running instance. */
  owner: string
  /**
   * Runs one claimed job to its end; resolves with the event it wrote. `signal` aborts when the
   * runner stops: a job waiting to retry something should give up (throw) and leave its intent in
   * `proving`, to resume on the next start.
   */
  runJob: (job: ClaimedJob, signal: AbortSignal) => Promise<StoredEvent | undefined>
  /**
   * How a run that threw (the store unreachable for a moment, a bug) is run again; when the tries
   * are used up the job is ended by `failJob`.
   */
  runRetry: RetryPolicy
  /** Ends a job whose runs kept throwing as a failure, so it never stays `proving`. */
  failJob: (intentId: string, reason: string) => Promise<StoredEvent | undefined>
  onEvent: (event: StoredEvent) => void
  onError: (error: unknown, intentId: string) => void
  concurrency: number
  pollIntervalMs: number
  /** How long a claim holds without renewal; renewed every third of it while the job runs. */
  leaseMs: number
  nowMs: () => number
}

/**
 * Drains the durable queue of proposal jobs (intents in `proving`) at its own pace: at most
 * `concurrency` jobs at once, claimed oldest first from the store. The store is the queue and
 * may be shared by several instances: a claim is a lease that this runner renews while the job
 * runs, so each job runs on one instance, and the job of an instance that died is claimed again
 * by another once its lease expires (or, with the embedded store, on the next start).
 */
export class JobRunner {
  readonly #options: JobRunnerOptions
  readonly #active = new Map<string, Promise<void>>()
  /** Aborted by stop(): a run waiting to be retried gives up its wait (its job resumes on the next start). */
  #stopController = new AbortController()
  #pollTimer: NodeJS.Timeout | undefined
  #renewTimer: NodeJS.Timeout | undefined
  #isFilling = false
  #isFillAgain = false
  #isStopped = true

  constructor(options: JobRunnerOptions) {
    this.#options = options
  }

  get activeCount(): number {
    return this.#active.size
  }

  start(): void {
    this.#isStopped = false
    this.#stopController = new AbortController()
    this.#pollTimer = setInterval(() => this.notify(), this.#options.pollIntervalMs)
    this.#pollTimer.unref()
    this.#renewTimer = setInterval(() => void this.#renewLeases(), Math.max(1, Math.floor(this.#options.leaseMs / 3)))
    this.#renewTimer.unref()
    this.notify()
  }

  /** Work may be waiting: fill free slots now rather than at the next poll. */
  notify(): void {
    if (this.#isStopped) return
    void this.#fill()
  }

  /**
   * Stops taking jobs and waits for the running ones to finish (a drain: a running proof is
   * completed and stored). A run waiting to be retried stops waiting; its job stays claimed in the
   * store and resumes on the next start, so a clean stop loses no proposal.
   */
  async stop(): Promise<void> {
    this.#isStopped = true
    this.#stopController.abort(new Error('the job runner is stopping'))
    clearInterval(this.#pollTimer)
    await Promise.allSettled([...this.#active.values()])
    clearInterval(this.#renewTimer)
  }

  async #fill(): Promise<void> {
    if (this.#isFilling) {
      this.#isFillAgain = true
      return
    }
    this.#isFilling = true
    try {
      do {
        this.#isFillAgain = false
        const free = this.#options.concurrency - this.#active.size
        if (free <= 0 || this.#isStopped) break
        const nowMs = this.#options.nowMs()
        const jobs = await this.#options.store.claimJobs({
          owner: this.#options.owner,
          limit: free,
          nowMs,
          leaseExpiresAtMs: nowMs + this.#options.leaseMs,
        })
        for (const job of jobs) this.#launch(job)
        // A full claim may have left more work waiting.
        if (jobs.length === free) this.#isFillAgain = true
      } while (this.#isFillAgain)
    } catch (error) {
      this.#options.onError(error, '(queue)')
    } finally {
      this.#isFilling = false
    }
  }

  async #renewLeases(): Promise<void> {
    if (this.#active.size === 0) return
    try {
      await this.#options.store.renewJobLeases({
        owner: this.#options.owner,
        intentIds: [...this.#active.keys()],
        leaseExpiresAtMs: this.#options.nowMs() + this.#options.leaseMs,
      })
    } catch (error) {
      // A missed renewal can at worst let another instance run the job too; the store still
      // records exactly one outcome (finishJob only moves an intent out of `proving` once).
      this.#options.onError(error, '(lease renewal)')
    }
  }

  #launch(job: ClaimedJob): void {
    const { intentId } = job
    const run = this.#runToEnd(job).finally(() => {
      this.#active.delete(intentId)
      this.notify()
    })
    this.#active.set(intentId, run)
  }

  /** Runs a job, again with back-off while it throws; then fails it, unless the runner is stopping. */
  async #runToEnd(job: ClaimedJob): Promise<void> {
    const { intentId } = job
    const signal = this.#stopController.signal
    let event: StoredEvent | undefined
    try {
      event = await retryWithBackoff(() => this.#options.runJob(job, signal), {
        ...this.#options.runRetry,
        isRetryable: () => !signal.aborted,
        onRetry: ({ error }) => this.#options.onError(error, intentId),
        signal,
      })
    } catch (error) {
      this.#options.onError(error, intentId)
      if (signal.aborted) return
      event = await this.#options.failJob(intentId, 'internal error while processing the proposal').catch((inner) => {
        this.#options.onError(inner, intentId)
        return undefined
      })
    }
    if (event !== undefined) this.#options.onEvent(event)
  }
}
