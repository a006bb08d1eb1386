// A session as the UCP checkout the store answers (checkout.json with fulfillment, discounts,
// buyer consent), before it is signed (`ap2.merchant_authorization` is added by the caller).
import type { Static, UcpCheckout, UcpLink, UcpResponseMetadata, UcpTotal } from '@verity/wire'
import type { SessionState } from '../session/SessionState.ts'
import type { SessionPrice } from './priceSession.ts'
import { renderLineItem } from './renderLineItem.ts'

export type RenderContext = Readonly<{
  envelope: Static<typeof UcpResponseMetadata>
  links: readonly Static<typeof UcpLink>[]
  /** The permalink of an order id. */
  orderUrlOf: (orderId: string) => string
  /** AP2's `merchant` of the checkout (AP2 types/checkout.json; what `checkout.allowed_merchants` matches), shown when AP2 is active. */
  merchant?: Readonly<{ id: string; name: string; website: string }>
}>

/** The status a session shows: terminal and in-progress states as kept, else ready or not. */
export function statusOf(state: SessionState, price: SessionPrice): SessionState['status'] {
  if (state.status === 'completed' || state.status === 'canceled' || state.status === 'complete_in_progress') return state.status
  return price.problems.length === 0 && price.isFulfillmentReady && state.lines.length > 0 ? 'ready_for_complete' : 'incomplete'
}

export function renderCheckout(state: SessionState, price: SessionPrice, context: RenderContext): Omit<Static<typeof UcpCheckout>, 'ap2'> {
  const lineIds = price.lines.map((line) => line.id)
  const messages = [...price.problems, ...state.notices]
  return {
    ucp: context.envelope,
    id: state.id,
    ...(context.merchant === undefined ? {} : { merchant: { ...context.merchant } }),
    line_items: price.lines.map(renderLineItem),
    ...(state.buyer === undefined ? {} : { buyer: state.buyer }),
    status: statusOf(state, price),
    currency: state.currency,
    totals: totalsOf(price),
    ...(messages.length === 0 ? {} : { messages }),
    links: [...context.links],
    expires_at: new Date(state.expiresAtMs).toISOString(),
    payment: { instruments: state.instruments },
    ...(state.orderId === undefined ? {} : { order: { id: state.orderId, permalink_url: context.orderUrlOf(state.orderId) } }),
    ...(state.fulfillment === undefined
      ? {}
      : {
          fulfillment: {
            methods: [
              {
                id: state.fulfillment.methodId,
                type: 'shipping' as const,
                line_item_ids: lineIds,
                destinations: state.fulfillment.destinations,
                selected_destination_id: state.fulfillment.selectedDestinationId,
                groups: [
                  {
                    id: state.fulfillment.groupId,
                    line_item_ids: lineIds,
                    options: price.options.map((option) => ({ id: option.id, title: option.title, totals: [{ type: 'total', amount: option.amountMinor }] })),
                    selected_option_id: price.selectedOption?.id ?? null,
                  },
                ],
              },
            ],
          },
        }),
    discounts: { codes: [...state.discountCodes], applied: price.discounts.map((discount) => ({ code: discount.code, title: discount.title, amount: discount.amountMinor, method: 'across' as const })) },
  }
}

function totalsOf(price: SessionPrice): Static<typeof UcpTotal>[] {
  const totals: Static<typeof UcpTotal>[] = [{ type: 'subtotal', display_text: 'Subtotal', amount: price.subtotalMinor }]
  if (price.discountMinor > 0) totals.push({ type: 'discount', display_text: 'Discounts', amount: -price.discountMinor })
  if (price.selectedOption !== undefined) totals.push({ type: 'fulfillment', display_text: 'Shipping', amount: price.fulfillmentMinor })
  totals.push({ type: 'tax', display_text: 'Tax', amount: price.taxMinor })
  totals.push({ type: 'total', display_text: 'Total', amount: price.totalMinor })
  return totals
}
