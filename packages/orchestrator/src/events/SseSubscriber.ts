import type { Writable } from 'node:stream'
import type { OrchestratorStore, StoredEvent } from '../store/OrchestratorStore.ts'

export type SseSubscriberOptions = {
  store: OrchestratorStore
  response: Writable
  /** Seq of the last event the client has; replay starts after it. */
  cursorSeq: number
  queueMax: number
  replayPageMax: number
  /** False when every event after `cursorSeq` will be offered live (the hub's own cursor): no replay read. */
  isReplayNeeded?: boolean
  /** Only these intents' events (GET /events?intent_id=…); undefined: every event. */
  intentIds?: readonly string[]
  onClose: (subscriber: SseSubscriber) => void
}

/**
 * One client of GET /events. It first replays the durable log after its cursor (a filtered one:
 * its intents' events only, read by intent id), then writes live events. Live events wait in a bounded queue; a client that cannot keep up is disconnected when
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
    this.#isReplaying = options.isReplayNeeded ?? true
    options.response.on('close', () => this.close())
  }

  /** The intents this subscriber follows; undefined when it takes every event. */
  get intentIds(): readonly string[] | undefined {
    return this.#options.intentIds
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
          await this.#replayPage()
          continue
        }
        if (this.#queue.length === 0) break
        // Everything queued goes out in one write (one syscall, not one per event).
        await this.#write(this.#queue.splice(0, this.#queue.length))
      }
    } catch {
      this.close()
    } finally {
      this.#isPumping = false
    }
  }

  /** One page of the log after the cursor; the replay ends with a page that brings nothing new. */
  async #replayPage(): Promise<void> {
    const { store, intentIds, replayPageMax } = this.#options
    // A filtered replay is one read: at most one outcome event per intent.
    const page = intentIds === undefined ? await store.readEventsAfter(this.#cursorSeq, replayPageMax) : await store.readEventsOfIntents(intentIds, this.#cursorSeq)
    if (page.length === 0 || intentIds !== undefined) this.#isReplaying = false
    await this.#write(page)
  }

  async #write(events: readonly StoredEvent[]): Promise<void> {
    let frames = ''
    for (const event of events) {
      if (event.seq <= this.#cursorSeq) continue
      this.#cursorSeq = event.seq
      frames += sseFrameOf(event)
    }
    if (this.#isClosed || frames === '') return
    const isWritable = this.#options.response.write(frames)
    if (!isWritable) await waitForDrain(this.#options.response)
  }
}

/** The SSE frame of an event: `id:` = seq, `event:` = type, `data:` = the spec's JSON object. */
export function formatSseEvent(event: StoredEvent): string {
  return `id: ${event.seq}\nevent: ${event.type}\ndata: ${event.dataJson}\n\n`
}

/** Frames of live events, made once per event however many subscribers receive it. */
const frames = new WeakMap<StoredEvent, string>()

function sseFrameOf(event: StoredEvent): string {
  let frame = frames.get(event)
  if (frame === undefined) {
    frame = formatSseEvent(event)
    frames.set(event, frame)
  }
  return frame
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
