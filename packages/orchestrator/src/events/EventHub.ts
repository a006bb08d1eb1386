import type { ServerResponse } from 'node:http'
import { TooManySubscribersError } from '../errors/eventErrors.ts'
import type { OrchestratorStore, StoredEvent } from '../store/OrchestratorStore.ts'
import { SSE_KEEP_ALIVE_SLICES } from '../limits.ts'
import { SseSubscriber } from './SseSubscriber.ts'

export type EventHubOptions = {
  store: OrchestratorStore
  subscribersMax: number
  subscriberQueueMax: number
  replayPageMax: number
  keepAliveMs: number
  onError: (error: unknown) => void
}

/**
 * Fans committed events out to SSE subscribers, in log order, each once. Events are written to
 * the durable log by the store first (in the transaction of the state change). The hub follows
 * the log with a cursor: an event committed here is handed over directly by `publish` when it is
 * the next one; otherwise (another instance sharing the store wrote events in between, or
 * publishes arrived out of order) the hub reads the log from its cursor. Other instances' events
 * arrive through the store's watch (PostgreSQL LISTEN/NOTIFY) as a wake-up to read the log.
 */
export class EventHub {
  readonly #options: EventHubOptions
  readonly #subscribers = new Set<SseSubscriber>()
  /** Subscribers that take every event. */
  readonly #unfiltered = new Set<SseSubscriber>()
  /** Filtered subscribers by intent id: an event reaches its intent's followers without a scan of everyone. */
  readonly #byIntent = new Map<string, Set<SseSubscriber>>()
  readonly #keepAliveTimer: NodeJS.Timeout
  /** Subscribers still to be sent this interval's keep-alive (a closed one is skipped by writeComment). */
  #keepAliveTurn: SseSubscriber[] = []
  /** Seq of the last event offered to subscribers; undefined until start(). */
  #cursorSeq: number | undefined
  #isCatchingUp = false
  #isCatchUpAgain = false
  #stopWatching: (() => Promise<void>) | undefined

  constructor(options: EventHubOptions) {
    this.#options = options
    // Keep-alives go out in SSE_KEEP_ALIVE_SLICES slices spread over the interval, so 10,000
    // subscribers cost a few hundred writes now and then, not a stall of 10,000 writes at once.
    this.#keepAliveTimer = setInterval(() => this.#keepAliveSlice(), Math.max(1, Math.floor(options.keepAliveMs / SSE_KEEP_ALIVE_SLICES)))
    this.#keepAliveTimer.unref()
  }

  /** Writes the keep-alive comment to the next slice of subscribers (each one once per interval). */
  #keepAliveSlice(): void {
    if (this.#keepAliveTurn.length === 0) this.#keepAliveTurn = [...this.#subscribers]
    const count = Math.ceil(this.#subscribers.size / SSE_KEEP_ALIVE_SLICES)
    for (const subscriber of this.#keepAliveTurn.splice(0, count)) subscriber.writeComment('keep-alive')
  }

  get subscriberCount(): number {
    return this.#subscribers.size
  }

  /** Starts following the log from its current end, and watching for other writers. */
  async start(): Promise<void> {
    this.#cursorSeq = await this.#options.store.lastEventSeq()
    this.#stopWatching = await this.#options.store.watchEvents(() => this.wake())
    // Events committed between reading the end and watching would wait for the next wake-up.
    this.wake()
  }

  /** Hands over events that were just committed by this process. */
  publish(events: readonly StoredEvent[]): void {
    for (const event of events) {
      if (this.#cursorSeq === undefined || event.seq <= this.#cursorSeq) continue
      if (!this.#isCatchingUp && event.seq === this.#cursorSeq + 1) this.#offer(event)
      else this.wake()
    }
  }

  /** The log may have grown: read it from the cursor and offer what is new. */
  wake(): void {
    if (this.#cursorSeq === undefined) return
    if (this.#isCatchingUp) {
      this.#isCatchUpAgain = true
      return
    }
    void this.#catchUp()
  }

  async #catchUp(): Promise<void> {
    this.#isCatchingUp = true
    try {
      do {
        this.#isCatchUpAgain = false
        for (;;) {
          const page = await this.#options.store.readEventsAfter(this.#cursorSeq!, this.#options.replayPageMax)
          for (const event of page) if (event.seq > this.#cursorSeq!) this.#offer(event)
          if (page.length < this.#options.replayPageMax) break
        }
      } while (this.#isCatchUpAgain)
    } catch (error) {
      // The next wake-up (a publish, a notification or the store's poll) tries again.
      this.#options.onError(error)
    } finally {
      this.#isCatchingUp = false
    }
  }

  #offer(event: StoredEvent): void {
    this.#cursorSeq = event.seq
    for (const subscriber of this.#unfiltered) subscriber.offer(event)
    const followers = this.#byIntent.get(event.intentId)
    if (followers !== undefined) for (const subscriber of followers) subscriber.offer(event)
  }

  /**
   * Adds a subscriber that replays events after `cursorSeq` (undefined: only new events), of
   * `intentIds` only when given. Throws TooManySubscribersError when full, before anything is
   * written to `response`.
   */
  async subscribe(response: ServerResponse, cursorSeq: number | undefined, intentIds?: readonly string[]): Promise<SseSubscriber> {
    if (this.#subscribers.size >= this.#options.subscribersMax)
      throw new TooManySubscribersError({ subscribersMax: this.#options.subscribersMax })
    // With a cursor, the subscriber replays the log from it until the log is exhausted, and only
    // then takes live events, so an event committed before it was registered is still delivered.
    // Without one it starts at the hub's own cursor: every later event is offered to it (it is
    // registered before this turn ends), so there is nothing to replay and nothing to read.
    const hubSeq = this.#cursorSeq
    const startSeq = cursorSeq ?? hubSeq ?? (await this.#options.store.lastEventSeq())
    const subscriber = new SseSubscriber({
      store: this.#options.store,
      response,
      cursorSeq: startSeq,
      isReplayNeeded: cursorSeq !== undefined || hubSeq === undefined,
      queueMax: this.#options.subscriberQueueMax,
      replayPageMax: this.#options.replayPageMax,
      ...(intentIds === undefined ? {} : { intentIds }),
      onClose: (closed) => this.#remove(closed),
    })
    this.#subscribers.add(subscriber)
    if (intentIds === undefined) this.#unfiltered.add(subscriber)
    else
      for (const intentId of intentIds) {
        const followers = this.#byIntent.get(intentId) ?? new Set<SseSubscriber>()
        followers.add(subscriber)
        this.#byIntent.set(intentId, followers)
      }
    return subscriber
  }

  #remove(subscriber: SseSubscriber): void {
    this.#subscribers.delete(subscriber)
    this.#unfiltered.delete(subscriber)
    for (const intentId of subscriber.intentIds ?? []) {
      const followers = this.#byIntent.get(intentId)
      followers?.delete(subscriber)
      if (followers?.size === 0) this.#byIntent.delete(intentId)
    }
  }

  /** Ends every stream and stops watching the store (shutdown). */
  async close(): Promise<void> {
    clearInterval(this.#keepAliveTimer)
    for (const subscriber of [...this.#subscribers]) subscriber.close()
    const stop = this.#stopWatching
    this.#stopWatching = undefined
    if (stop !== undefined) await stop()
  }
}
