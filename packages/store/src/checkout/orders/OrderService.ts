// Orders after checkout (docs/ucp.md, "Orders"): read by id; updated with fulfillment events
// (append-only) and adjustments (by id); each update is an order event to the platform's webhook.
import { randomUUID } from 'node:crypto'
import { describeUcpViolations, UcpOrderUpdateRequest, validateUcp } from '@verity/wire'
import { OrderNotFoundError, OrderUpdateInvalidError } from '../../errors/storeErrors.ts'
import { ORDER_EVENTS_MAX } from '../../limits.ts'
import type { Outcome } from '../CheckoutService.ts'
import type { CheckoutStateStore } from '../state/CheckoutStateStore.ts'
import type { OrderEventType } from '../webhooks/OrderWebhooks.ts'
import { renderOrder } from './renderOrder.ts'
import type { StoredOrder } from './StoredOrder.ts'

export class OrderService {
  readonly #state: CheckoutStateStore
  readonly #permalinkOf: (orderId: string) => string
  readonly #notify: (url: string | undefined, eventType: OrderEventType, orderId: string) => void
  readonly #now: () => number

  constructor(options: { state: CheckoutStateStore; permalinkOf: (orderId: string) => string; notify: (url: string | undefined, eventType: OrderEventType, orderId: string) => void; nowMs?: () => number }) {
    this.#state = options.state
    this.#permalinkOf = options.permalinkOf
    this.#notify = options.notify
    this.#now = options.nowMs ?? Date.now
  }

  /** The order as UCP's Order. Throws OrderNotFoundError. */
  rendered(id: string) {
    const order = this.#order(id)
    return renderOrder(order, this.#permalinkOf(order.id))
  }

  get(id: string): Outcome {
    return { status: 200, body: this.rendered(id) }
  }

  /**
   * Takes the order's fulfillment events (new ids appended) and adjustments (added or replaced by
   * id) from an Order-shaped body; every other field is the store's and is ignored. Throws
   * OrderUpdateInvalidError (422) when they break order.json.
   */
  update(id: string, body: unknown): Outcome {
    const order = this.#order(id)
    const checked = validateUcp(UcpOrderUpdateRequest, body)
    if (!checked.ok) throw new OrderUpdateInvalidError({ reason: describeUcpViolations(checked.violations) })
    const known = new Set(order.events.map((event) => event.id))
    const added = (checked.value.fulfillment?.events ?? []).filter((event) => !known.has(event.id))
    order.events.push(...added)
    for (const adjustment of checked.value.adjustments ?? []) {
      const index = order.adjustments.findIndex((entry) => entry.id === adjustment.id)
      if (index === -1) order.adjustments.push(adjustment)
      else order.adjustments[index] = adjustment
    }
    if (order.events.length > ORDER_EVENTS_MAX || order.adjustments.length > ORDER_EVENTS_MAX) throw new OrderUpdateInvalidError({ reason: `an order keeps at most ${ORDER_EVENTS_MAX} fulfillment events and ${ORDER_EVENTS_MAX} adjustments` })
    return this.#outcome(order, added.some((event) => event.type === 'shipped') ? 'order_shipped' : 'order_updated')
  }

  /** Test-only (conformance mode): ships every line of the order now. */
  simulateShipping(id: string): Outcome {
    const order = this.#order(id)
    if (order.events.length >= ORDER_EVENTS_MAX) throw new OrderUpdateInvalidError({ reason: `an order keeps at most ${ORDER_EVENTS_MAX} fulfillment events` })
    order.events.push({
      id: `evt_${randomUUID()}`,
      occurred_at: new Date(this.#now()).toISOString(),
      type: 'shipped',
      line_items: order.lines.map((line) => ({ id: line.id, quantity: line.quantity })),
      tracking_number: `SIM-${order.id.slice(-8).toUpperCase()}`,
      carrier: 'Simulated Carrier',
      description: 'Simulated shipment (conformance mode)',
    })
    return this.#outcome(order, 'order_shipped')
  }

  #outcome(order: StoredOrder, eventType: OrderEventType): Outcome {
    return { status: 200, body: renderOrder(order, this.#permalinkOf(order.id)), write: { order }, after: () => this.#notify(order.webhookUrl, eventType, order.id) }
  }

  #order(id: string): StoredOrder {
    const order = this.#state.order(id)
    if (order === undefined) throw new OrderNotFoundError({ id })
    return order
  }
}
