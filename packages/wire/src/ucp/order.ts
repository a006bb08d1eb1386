// UCP 2026-04-08 order: source/schemas/shopping/order.json and types/order_line_item.json,
// expectation.json, fulfillment_event.json, adjustment.json. The order webhook's body is an Order.
import { Type } from 'typebox'
import { UcpItem, UcpPostalAddress, UcpTotal } from './checkout.ts'
import { UcpMessage } from './messages.ts'
import { UcpResponseMetadata } from './profile.ts'

const LineItemQuantity = Type.Object({ id: Type.String(), quantity: Type.Integer({ minimum: 1 }) })

/** order_line_item.json. */
export const UcpOrderLineItem = Type.Object({
  id: Type.String(),
  item: UcpItem,
  quantity: Type.Object({ original: Type.Optional(Type.Integer({ minimum: 0 })), total: Type.Integer({ minimum: 0 }), fulfilled: Type.Integer({ minimum: 0 }) }),
  totals: Type.Array(UcpTotal),
  status: Type.Union([Type.Literal('processing'), Type.Literal('partial'), Type.Literal('fulfilled'), Type.Literal('removed')]),
  parent_id: Type.Optional(Type.String()),
})

/** expectation.json. */
export const UcpExpectation = Type.Object({
  id: Type.String(),
  line_items: Type.Array(LineItemQuantity),
  method_type: Type.Union([Type.Literal('shipping'), Type.Literal('pickup'), Type.Literal('digital')]),
  destination: UcpPostalAddress,
  description: Type.Optional(Type.String()),
  fulfillable_on: Type.Optional(Type.String()),
})

/** fulfillment_event.json (append-only). */
export const UcpFulfillmentEvent = Type.Object({
  id: Type.String(),
  occurred_at: Type.String({ format: 'date-time' }),
  type: Type.String(),
  line_items: Type.Array(LineItemQuantity),
  tracking_number: Type.Optional(Type.String()),
  tracking_url: Type.Optional(Type.String()),
  carrier: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
})

/** adjustment.json. */
export const UcpAdjustment = Type.Object({
  id: Type.String(),
  type: Type.String(),
  occurred_at: Type.String({ format: 'date-time' }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('completed'), Type.Literal('failed')]),
  line_items: Type.Optional(Type.Array(Type.Object({ id: Type.String(), quantity: Type.Integer() }))),
  totals: Type.Optional(Type.Array(UcpTotal)),
  description: Type.Optional(Type.String()),
})

/** order.json. */
export const UcpOrder = Type.Object({
  ucp: UcpResponseMetadata,
  id: Type.String(),
  label: Type.Optional(Type.String()),
  checkout_id: Type.String(),
  permalink_url: Type.String(),
  line_items: Type.Array(UcpOrderLineItem),
  fulfillment: Type.Object({ expectations: Type.Optional(Type.Array(UcpExpectation)), events: Type.Optional(Type.Array(UcpFulfillmentEvent)) }),
  adjustments: Type.Optional(Type.Array(UcpAdjustment)),
  currency: Type.String(),
  totals: Type.Array(UcpTotal),
  messages: Type.Optional(Type.Array(UcpMessage)),
})

/** What an order update may change: fulfillment events and adjustments (append-only logs); the rest of the order is the business's. */
export const UcpOrderUpdateRequest = Type.Object({
  fulfillment: Type.Optional(Type.Object({ events: Type.Optional(Type.Array(UcpFulfillmentEvent)) })),
  adjustments: Type.Optional(Type.Array(UcpAdjustment)),
})
