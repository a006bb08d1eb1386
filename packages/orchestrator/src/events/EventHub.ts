import type { ServerResponse } from 'node:http'
import { TooManySubscribersError } from '../errors/eventErrors.ts'
import type { OrchestratorStore, StoredEvent } from '../store/OrchestratorStore.ts'
import { SseSubscriber } from './SseSubscriber.ts'

export type EventHubOptions = {
  store: OrchestratorStore
  subscribersMax: number
  subscriberQueueMax: number
  replayPageMax: number
  keepAliveMs: number
}

/**
 * Fans committed events out to SSE subscribers. Events are written to the durable log by the
 * store first (in the transaction of the state change); `publish` only wakes live subscribers.
 */
export class EventHub {
  readonly #options: EventHubOptions
  readonly #subscribers = new Set<SseSubscriber>()
  readonly #keepAliveTimer: NodeJS.Timeout

  constructor(options: EventHubOptions) {
    this.#options = options
    this.#keepAliveTimer = setInterval(() => {
      for (const subscriber of this.#subscribers) subscriber.writeComment('keep-alive')
    }, options.keepAliveMs)
    this.#keepAliveTimer.unref()
  }

  get subscriberCount(): number {
    return this.#subscribers.size
  }

  /** Wakes subscribers with events that were just committed, in seq order. */
  publish(events: readonly StoredEvent[]): void {
    for (const event of events) for (const subscriber of this.#subscribers) subscriber.offer(event)
  }

  /**
   * Adds a subscriber that replays events after `cursorSeq` (undefined: only new events).
   * Throws TooManySubscribersError when full, before anything is written to `response`.
   */
  async subscribe(response: ServerResponse, cursorSeq: number | undefined): Promise<SseSubscriber> {
    if (this.#subscribers.size >= this.#options.subscribersMax)
      throw new TooManySubscribersError({ subscribersMax: this.#options.subscribersMax })
    // The subscriber replays the log from its cursor until the log is exhausted, and only then
    // takes live events, so an event committed before it was registered is still delivered.
    const startSeq = cursorSeq ?? (await this.#options.store.lastEventSeq())
    const subscriber = new SseSubscriber({
      store: this.#options.store,
      response,
      cursorSeq: startSeq,
      queueMax: this.#options.subscriberQueueMax,
      replayPageMax: this.#options.replayPageMax,
      onClose: (closed) => this.#subscribers.delete(closed),
    })
    this.#subscribers.add(subscriber)
    return subscriber
  }

  /** Ends every stream (shutdown). */
  close(): void {
    clearInterval(this.#keepAliveTimer)
    for (const subscriber of [...this.#subscribers]) subscriber.close()
  }
}
