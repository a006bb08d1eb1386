import type { Writable } from 'node:stream'
import type { OrchestratorStore, StoredEvent } from '../store/OrchestratorStore.ts'

export type SseSubscriberOptions = {
  store: OrchestratorStore
  response: Writable
  /** Seq of the last event the client has; replay starts after it. */
  cursorSeq: number
  queueMax: number
  replayPageMax: number
  onClose: (subscriber: SseSubscriber) => void
}

/**
 * One client of GET /events. It first replays the durable log after its cursor, then writes live
 * events. Live events wait in a bounded queue; a client that cannot keep up is disconnected when
 * the queue overflows and resumes with Last-Event-ID, so a slow reader never grows our memory.
 * Socket back-pressure is respected: we wait for `drain` before writing more.
 */
export class SseSubscriber {
  readonly #options: SseSubscriberOptions
  readonly #queue: StoredEvent[] = []
  #cursorSeq: number
  #isReplaying = true
  #isStarted = false
  #isPumping = false
  #isClosed = false

  constructor(options: SseSubscriberOptions) {
    this.#options = options
    this.#cursorSeq = options.cursorSeq
    options.response.on('close', () => this.close())
  }

  get isClosed(): boolean {
    return this.#isClosed
  }

  /** Starts replay from the log; live events offered meanwhile wait in the queue. */
  start(): void {
    this.#isStarted = true
    void this.#pump()
  }

  /** Offers a newly committed event. */
  offer(event: StoredEvent): void {
    if (this.#isClosed || event.seq <= this.#cursorSeq) return
    if (this.#queue.length >= this.#options.queueMax) {
      this.close()
      return
    }
    this.#queue.push(event)
    // Before start() the stream's headers are not written yet: queue only.
    if (this.#isStarted) void this.#pump()
  }

  /** Writes an SSE comment line (keep-alive), unless the socket is backed up. */
  writeComment(text: string): void {
    if (this.#isClosed || this.#options.response.writableNeedDrain) return
    this.#options.response.write(`: ${text}\n\n`)
  }

  close(): void {
    if (this.#isClosed) return
    this.#isClosed = true
    this.#queue.length = 0
    if (!this.#options.response.writableEnded) this.#options.response.end()
    this.#options.onClose(this)
  }

  async #pump(): Promise<void> {
    if (this.#isPumping) return
    this.#isPumping = true
    try {
      while (!this.#isClosed) {
        if (this.#isReplaying) {
          const page = await this.#options.store.readEventsAfter(this.#cursorSeq, this.#options.replayPageMax)
          if (page.length === 0) this.#isReplaying = false
          for (const event of page) await this.#write(event)
          continue
        }
        const event = this.#queue.shift()
        if (event === undefined) break
        await this.#write(event)
      }
    } catch {
      this.close()
    } finally {
      this.#isPumping = false
    }
  }

  async #write(event: StoredEvent): Promise<void> {
    if (this.#isClosed || event.seq <= this.#cursorSeq) return
    this.#cursorSeq = event.seq
    const isWritable = this.#options.response.write(formatSseEvent(event))
    if (!isWritable) await waitForDrain(this.#options.response)
  }
}

/** The SSE frame of an event: `id:` = seq, `event:` = type, `data:` = the spec's JSON object. */
export function formatSseEvent(event: StoredEvent): string {
  return `id: ${event.seq}\nevent: ${event.type}\ndata: ${event.dataJson}\n\n`
}

function waitForDrain(response: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done)
      response.off('close', done)
      resolve()
    }
    response.on('drain', done)
    response.on('close', done)
  })
}
