// The numbers of a session: its lines priced from the catalog, discounts, the shipping options of
// the selected destination, tax, and whether it can be completed.
import type { Static, UcpMessage } from '@verity/wire'
import type { SessionState } from '../session/SessionState.ts'
import type { MerchandiseItem } from '../shop/Merchandise.ts'
import type { ShopRules } from '../shop/ShopRules.ts'
import { applyDiscounts, type AppliedDiscount } from './discounts.ts'
import { fulfillmentOptions, type FulfillmentOffer } from './fulfillmentOptions.ts'

export type PricedLine = Readonly<{ id: string; item: MerchandiseItem; quantity: number; subtotalMinor: number }>

export type SessionPrice = Readonly<{
  lines: readonly PricedLine[]
  subtotalMinor: number
  discounts: readonly AppliedDiscount[]
  discountMinor: number
  /** The options for the selected destination (none before one is selected). */
  options: readonly FulfillmentOffer[]
  /** The selected option, when it is among `options`. */
  selectedOption: FulfillmentOffer | undefined
  fulfillmentMinor: number
  taxMinor: number
  totalMinor: number
  /** What keeps the session from completion (out of stock lines). */
  problems: Static<typeof UcpMessage>[]
  isFulfillmentReady: boolean
}>

export type Catalog = (id: string) => MerchandiseItem | undefined

/** Prices a session. A line whose item left the catalog is priced at 0 and reported `item_unavailable`. */
export function priceSession(state: SessionState, rules: ShopRules, catalog: Catalog): SessionPrice {
  const problems: Static<typeof UcpMessage>[] = []
  const lines = state.lines.map((line, index): PricedLine => {
    const item = catalog(line.itemId)
    if (item === undefined) {
      problems.push({ type: 'error', code: 'item_unavailable', path: `$.line_items[${index}]`, content: `${line.itemId} is no longer sold`, severity: 'requires_buyer_input' })
      return { id: line.id, item: { id: line.itemId, title: line.itemId, priceMinor: 0, imageUrl: undefined, unitsAvailable: 0 }, quantity: line.quantity, subtotalMinor: 0 }
    }
    if (item.unitsAvailable < line.quantity) {
      problems.push({ type: 'error', code: 'out_of_stock', path: `$.line_items[${index}]`, content: item.unitsAvailable === 0 ? `${item.title} is out of stock` : `only ${item.unitsAvailable} of ${item.title} in stock`, severity: 'requires_buyer_input' })
    }
    return { id: line.id, item, quantity: line.quantity, subtotalMinor: item.priceMinor * line.quantity }
  })
  const subtotalMinor = lines.reduce((sum, line) => sum + line.subtotalMinor, 0)
  const discounts = applyDiscounts(rules, state.discountCodes, subtotalMinor)
  const discountMinor = discounts.reduce((sum, discount) => sum + discount.amountMinor, 0)
  const fulfillment = state.fulfillment
  const destination = fulfillment?.destinations.find((entry) => entry.id === fulfillment.selectedDestinationId)
  const options = destination === undefined ? [] : fulfillmentOptions(rules, { country: destination.address_country, subtotalMinor, itemIds: lines.map((line) => line.item.id) })
  const selectedOption = options.find((option) => option.id === fulfillment?.selectedOptionId)
  const fulfillmentMinor = selectedOption?.amountMinor ?? 0
  const taxRateBps = destination?.address_country === undefined ? 0 : (rules.tax_rates_bps[destination.address_country.toUpperCase()] ?? 0)
  const taxMinor = Math.round(((subtotalMinor - discountMinor + fulfillmentMinor) * taxRateBps) / 10_000)
  return {
    lines,
    subtotalMinor,
    discounts,
    discountMinor,
    options,
    selectedOption,
    fulfillmentMinor,
    taxMinor,
    totalMinor: subtotalMinor - discountMinor + fulfillmentMinor + taxMinor,
    problems,
    isFulfillmentReady: destination !== undefined && selectedOption !== undefined,
  }
}
