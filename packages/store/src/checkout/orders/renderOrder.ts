import { UCP_ORDER, UCP_VERSION, type Static, type UcpOrder } from '@verity/wire'
import type { StoredOrder } from './StoredOrder.ts'

/** An order as UCP's Order (order.json); a line's status is derived from what the events shipped. */
export function renderOrder(order: StoredOrder, permalinkUrl: string): Static<typeof UcpOrder> {
  return {
    ucp: { version: UCP_VERSION, capabilities: { [UCP_ORDER]: [{ version: UCP_VERSION }] } },
    id: order.id,
    checkout_id: order.checkoutId,
    permalink_url: permalinkUrl,
    line_items: order.lines.map((line) => {
      const fulfilled = Math.min(line.quantity, shippedOf(order, line.id))
      const status = line.quantity === 0 ? 'removed' : fulfilled === line.quantity ? 'fulfilled' : fulfilled > 0 ? 'partial' : 'processing'
      return { id: line.id, item: line.item, quantity: { original: line.quantity, total: line.quantity, fulfilled }, totals: line.totals, status }
    }),
    fulfillment: { expectations: order.expectations, events: order.events },
    adjustments: order.adjustments,
    currency: order.currency,
    totals: order.totals,
  }
}

/** Units of a line that `shipped` events carry. */
function shippedOf(order: StoredOrder, lineId: string): number {
  let units = 0
  for (const event of order.events) if (event.type === 'shipped') for (const line of event.line_items) if (line.id === lineId) units += line.quantity
  return units
}
