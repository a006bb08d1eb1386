import type { OrchestratorClient } from '@verity/sdk'
import { TooManyWatchedIntentsError } from '../errors/mcpErrors.ts'

export type IntentWatcherOptions = {
  orchestrator: OrchestratorClient
  /** Sends `notifications/resources/updated` for the intent's resource. */
  notify: (intentId: string) => Promise<void>
  watchedMax: number
  onError: (error: unknown) => void
}

/**
 * Watches the intents a client subscribed to (resources/subscribe) and tells it when one changes:
 * on its success, failure or expired event from the orchestrator's stream, and when a proposal for
 * it goes through this server. One event stream, opened for the first watched intent and closed
 * with the last; bounded by `watchedMax`.
 */
export class IntentWatcher {
  readonly #watched = new Set<string>()
  #controller: AbortController | undefined

  constructor(private readonly options: IntentWatcherOptions) {}

  watch(intentId: string): void {
    if (this.#watched.has(intentId)) return
    if (this.#watched.size >= this.options.watchedMax) throw new TooManyWatchedIntentsError({ watchedMax: this.options.watchedMax })
    this.#watched.add(intentId)
    if (this.#controller === undefined) this.#follow()
  }

  unwatch(intentId: string): void {
    this.#watched.delete(intentId)
    if (this.#watched.size === 0) this.close()
  }

  /** Tells the client now (a change this server made, e.g. a proposal it submitted). */
  changed(intentId: string): void {
    if (this.#watched.has(intentId)) this.options.notify(intentId).catch(this.options.onError)
  }

  close(): void {
    this.#controller?.abort()
    this.#controller = undefined
  }

  #follow(): void {
    const controller = new AbortController()
    this.#controller = controller
    void (async () => {
      try {
        // followEvents reconnects by itself (with Last-Event-ID) until aborted.
        for await (const event of this.options.orchestrator.events({ signal: controller.signal })) {
          const intentId = event.data.intent_id
          if (typeof intentId === 'string') this.changed(intentId)
        }
      } catch (error) {
        if (!controller.signal.aborted) this.options.onError(error)
      }
    })()
  }
}
