import { randomUUID } from 'node:crypto'
import type { Static, UcpTotal } from '@verity/wire'
import type { SessionPrice } from '../render/priceSession.ts'
import { renderLineItem } from '../render/renderLineItem.ts'
import type { SessionState } from '../session/SessionState.ts'
import type { StoredOrder } from './StoredOrder.ts'

/** The order a completed session places: its lines, totals, and one shipping expectation to the selected destination with the chosen option. */
export function buildOrder(parameters: {
  state: SessionState
  price: SessionPrice
  totals: readonly Static<typeof UcpTotal>[]
  webhookUrl: string | undefined
  payment: StoredOrder['payment']
  nowMs: number
}): StoredOrder {
  const { state, price } = parameters
  const { id: _id, ...destination } = state.fulfillment!.destinations.find((entry) => entry.id === state.fulfillment!.selectedDestinationId)!
  return {
    id: `order_${randomUUID()}`,
    checkoutId: state.id,
    currency: state.currency,
    lines: price.lines.map(renderLineItem),
    totals: [...parameters.totals],
    expectations: [
      {
        id: 'exp_1',
        line_items: price.lines.map((line) => ({ id: line.id, quantity: line.quantity })),
        method_type: 'shipping',
        destination,
        description: price.selectedOption!.title,
        fulfillable_on: 'now',
      },
    ],
    events: [],
    adjustments: [],
    webhookUrl: parameters.webhookUrl,
    payment: parameters.payment,
    createdAtMs: parameters.nowMs,
    ...(state.opener === undefined ? {} : { opener: state.opener }),
  }
}
