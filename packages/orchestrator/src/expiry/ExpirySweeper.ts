import type { OrchestratorStore, StoredEvent } from '../store/OrchestratorStore.ts'

export type ExpirySweeperOptions = {
  store: OrchestratorStore
  nowMs: () => number
  intervalMs: number
  batchMax: number
  onEvents: (events: StoredEvent[]) => void
  onError: (error: unknown) => void
}

/**
 * Expires pending intents whose TTL passed. Each expiry and its `expired` event are one store
 * transaction that only touches intents still pending, so the event is emitted exactly once, also
 * across restarts and against a proposal arriving at the same moment.
 */
export class ExpirySweeper {
  readonly #options: ExpirySweeperOptions
  #timer: NodeJS.Timeout | undefined
  #isSweeping = false

  constructor(options: ExpirySweeperOptions) {
    this.#options = options
  }

  start(): void {
    this.#timer = setInterval(() => void this.sweep(), this.#options.intervalMs)
    this.#timer.unref()
    void this.sweep()
  }

  stop(): void {
    clearInterval(this.#timer)
  }

  /** Expires everything due now, in batches; returns how many intents expired. */
  async sweep(): Promise<number> {
    if (this.#isSweeping) return 0
    this.#isSweeping = true
    let count = 0
    try {
      for (;;) {
        const events = await this.#options.store.expireDue(this.#options.nowMs(), this.#options.batchMax)
        count += events.length
        if (events.length > 0) this.#options.onEvents(events)
        if (events.length < this.#options.batchMax) break
      }
    } catch (error) {
      this.#options.onError(error)
    } finally {
      this.#isSweeping = false
    }
    return count
  }
}
