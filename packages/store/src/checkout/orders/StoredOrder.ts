import type { Static, UcpAdjustment, UcpExpectation, UcpFulfillmentEvent, UcpItem, UcpTotal } from '@verity/wire'
import type { Caller } from '../platform/authenticateCaller.ts'

/** An order as the store keeps it (renderOrder answers it as a UCP Order). */
export type StoredOrder = {
  id: string
  checkoutId: string
  currency: string
  lines: { id: string; item: Static<typeof UcpItem>; quantity: number; totals: Static<typeof UcpTotal>[] }[]
  totals: Static<typeof UcpTotal>[]
  expectations: Static<typeof UcpExpectation>[]
  events: Static<typeof UcpFulfillmentEvent>[]
  adjustments: Static<typeof UcpAdjustment>[]
  /** Where the platform that completed the checkout wants order events (its profile's order `webhook_url`). */
  webhookUrl: string | undefined
  /** The payment handler that applied the payment, and its reference. */
  payment: { handlerName: string; handlerId: string; reference: string; amountMinor: number }
  createdAtMs: number
  /** The platform that opened the checkout: the only one that may read the order (absent in orders from before: readable by no one). */
  opener?: Caller
}
