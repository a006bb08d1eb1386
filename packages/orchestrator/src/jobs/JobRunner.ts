import type { OrchestratorStore, StoredEvent } from '../store/OrchestratorStore.ts'

export type JobRunnerOptions = {
  store: OrchestratorStore
  /** Runs one intent's job to its end; resolves with the event it wrote. */
  runJob: (intentId: string) => Promise<StoredEvent | undefined>
  /** Ends a job whose run threw (a bug or a store error) as a failure, so it never stays `proving`. */
  failJob: (intentId: string, reason: string) => Promise<StoredEvent | undefined>
  onEvent: (event: StoredEvent) => void
  onError: (error: unknown, intentId: string) => void
  concurrency: number
  pollIntervalMs: number
}

/**
 * Drains the durable queue of proposal jobs (intents in `proving`) at its own pace: at most
 * `concurrency` jobs at once, picked oldest first from the store. The store is the queue, so jobs
 * left by a crash are picked up again on start.
 */
export class JobRunner {
  readonly #options: JobRunnerOptions
  readonly #active = new Map<string, Promise<void>>()
  #timer: NodeJS.Timeout | undefined
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
    this.#timer = setInterval(() => this.notify(), this.#options.pollIntervalMs)
    this.#timer.unref()
    this.notify()
  }

  /** Work may be waiting: fill free slots now rather than at the next poll. */
  notify(): void {
    if (this.#isStopped) return
    void this.#fill()
  }

  /** Stops taking jobs and waits for the running ones (unfinished work resumes on the next start). */
  async stop(): Promise<void> {
    this.#isStopped = true
    clearInterval(this.#timer)
    await Promise.allSettled([...this.#active.values()])
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
        const ids = await this.#options.store.listProvingIntentIds(this.#options.concurrency + this.#active.size)
        for (const id of ids) {
          if (this.#active.size >= this.#options.concurrency) break
          if (!this.#active.has(id)) this.#launch(id)
        }
      } while (this.#isFillAgain)
    } catch (error) {
      this.#options.onError(error, '(queue)')
    } finally {
      this.#isFilling = false
    }
  }

  #launch(intentId: string): void {
    const run = (async () => {
      let event: StoredEvent | undefined
      try {
        event = await this.#options.runJob(intentId)
      } catch (error) {
        this.#options.onError(error, intentId)
        event = await this.#options.failJob(intentId, 'internal error while processing the proposal').catch((inner) => {
          this.#options.onError(inner, intentId)
          return undefined
        })
      }
      if (event !== undefined) this.#options.onEvent(event)
    })().finally(() => {
      this.#active.delete(intentId)
      this.notify()
    })
    this.#active.set(intentId, run)
  }
}
