// Order events to the platform (order.md, "Events"): the Order is POSTed to the `webhook_url` of
// the platform's profile, with Standard Webhooks' `Webhook-Id` and `Webhook-Timestamp`, the event
// name in `X-Event-Type` (`order_placed`, `order_shipped`, `order_updated`), the store's profile in
// `UCP-Agent`, and `Content-Digest` (RFC 9530). Sent after the order is stored, from a bounded
// queue, with retries; only to URLs the store's egress rules allow. Each request is signed (RFC 9421,
// signatures.md) with the store's checkout signing key. With an outbox (the state file), a webhook
// is kept until delivered or given up, and the ones left are sent again when the store starts.
import { randomUUID } from 'node:crypto'
import type { MerchantSigningKey } from '@verity/core'
import type { FastifyBaseLogger } from 'fastify'
import { WEBHOOK_ATTEMPTS_MAX, WEBHOOK_QUEUE_MAX, WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_TIMEOUT_MS } from '../../limits.ts'
import { platformUrlRefusal, type PlatformEgress } from '../platform/platformEgress.ts'
import { signRestRequest } from './signRestRequest.ts'
import type { OutboxEntry } from '../state/CheckoutStateStore.ts'

/** Where webhooks wait durably (CheckoutStateStore). */
export type WebhookOutbox = Readonly<{ putOutbox(entry: OutboxEntry): void; dropOutbox(id: string): void; outbox(max: number): OutboxEntry[] }>

export type OrderEventType = 'order_placed' | 'order_shipped' | 'order_updated'

type Delivery = { url: string; eventType: string; body: string; id: string; timestampS: number; attempt: number }

export class OrderWebhooks {
  readonly #queue: Delivery[] = []
  readonly #egress: PlatformEgress
  readonly #profileUrl: () => string
  readonly #log: FastifyBaseLogger
  readonly #fetch: typeof fetch
  readonly #key: MerchantSigningKey
  readonly #outbox: WebhookOutbox | undefined
  #isSending = false
  #isClosed = false
  readonly #timers = new Set<NodeJS.Timeout>()
  /** Deliveries that got a 2xx, and those given up (counted for /metrics-free checks in tests). */
  delivered = 0
  failed = 0

  constructor(options: { egress: PlatformEgress; profileUrl: () => string; key: MerchantSigningKey; log: FastifyBaseLogger; outbox?: WebhookOutbox; fetchImpl?: typeof fetch }) {
    this.#egress = options.egress
    this.#key = options.key
    this.#outbox = options.outbox
    this.#profileUrl = options.profileUrl
    this.#log = options.log
    this.#fetch = options.fetchImpl ?? fetch
  }

  /** Queues an event (dropped, and logged, when the URL is refused by the egress rules or the queue is full). */
  send(url: string | undefined, eventType: OrderEventType, order: object): void {
    if (url === undefined || this.#isClosed) return
    let target: URL
    try {
      target = new URL(url)
    } catch {
      this.#log.warn({ url: url.slice(0, 200) }, 'order webhook URL is not a URL: not sent')
      return
    }
    const refusal = platformUrlRefusal(target, this.#egress)
    if (refusal !== undefined) {
      this.#log.warn({ url: url.slice(0, 200), refusal }, 'order webhook not sent')
      return
    }
    const delivery = { url: target.href, eventType, body: JSON.stringify(order), id: `evt_${randomUUID()}`, timestampS: Math.floor(Date.now() / 1_000), attempt: 0 }
    this.#outbox?.putOutbox(delivery)
    this.#enqueue(delivery)
  }

  /** Queues the webhooks the outbox kept (after a restart). */
  resume(): number {
    const kept = this.#outbox?.outbox(WEBHOOK_QUEUE_MAX) ?? []
    for (const entry of kept) this.#enqueue({ ...entry, attempt: 0 })
    return kept.length
  }

  #enqueue(delivery: Delivery): void {
    if (this.#queue.length >= WEBHOOK_QUEUE_MAX) {
      const dropped = this.#queue.shift()!
      this.#finish(dropped, false)
      this.#log.warn({ id: dropped.id }, `order webhook queue full (${WEBHOOK_QUEUE_MAX}): oldest dropped`)
    }
    this.#queue.push(delivery)
    void this.#drain()
  }

  #finish(delivery: Delivery, isDelivered: boolean): void {
    if (isDelivered) this.delivered++
    else this.failed++
    if (!this.#isClosed) this.#outbox?.dropOutbox(delivery.id)
  }

  /** Stops sending: pending deliveries are dropped, retry timers cleared. */
  close(): void {
    this.#isClosed = true
    this.#queue.length = 0
    for (const timer of this.#timers) clearTimeout(timer)
    this.#timers.clear()
  }

  async #drain(): Promise<void> {
    if (this.#isSending) return
    this.#isSending = true
    try {
      while (this.#queue.length > 0 && !this.#isClosed) await this.#deliver(this.#queue.shift()!)
    } finally {
      this.#isSending = false
    }
  }

  async #deliver(delivery: Delivery): Promise<void> {
    delivery.attempt++
    try {
      const ucpAgent = `profile="${this.#profileUrl()}"`
      const signed = signRestRequest({ url: new URL(delivery.url), body: delivery.body, ucpAgent, key: this.#key, createdS: Math.floor(Date.now() / 1_000) })
      const response = await this.#fetch(delivery.url, {
        method: 'POST',
        redirect: 'error',
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'webhook-id': delivery.id,
          'webhook-timestamp': String(delivery.timestampS),
          'x-event-type': delivery.eventType,
          'ucp-agent': ucpAgent,
          ...signed,
        },
        body: delivery.body,
      })
      await response.body?.cancel()
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      this.#finish(delivery, true)
    } catch (error) {
      if (this.#isClosed) return
      if (delivery.attempt >= WEBHOOK_ATTEMPTS_MAX) {
        this.#finish(delivery, false)
        this.#log.warn({ id: delivery.id, url: delivery.url, reason: (error as Error).message }, 'order webhook given up')
        return
      }
      const delayMs = WEBHOOK_RETRY_DELAYS_MS[Math.min(delivery.attempt - 1, WEBHOOK_RETRY_DELAYS_MS.length - 1)]!
      const timer = setTimeout(() => {
        this.#timers.delete(timer)
        if (this.#isClosed) return
        this.#queue.push(delivery)
        void this.#drain()
      }, delayMs)
      timer.unref()
      this.#timers.add(timer)
    }
  }
}
