import type { ShopRules } from '../shop/ShopRules.ts'

export type FulfillmentOffer = Readonly<{ id: string; title: string; amountMinor: number }>

/**
 * The shipping options for a destination country: per service level the country's own rate, else
 * the `*` one; a free-shipping promotion on that level (subtotal reached, or every item eligible)
 * makes it free and says so in the title.
 */
export function fulfillmentOptions(rules: ShopRules, parameters: { country: string | undefined; subtotalMinor: number; itemIds: readonly string[] }): FulfillmentOffer[] {
  const country = (parameters.country ?? '').toUpperCase()
  const levels = [...new Set(rules.shipping_rates.map((rate) => rate.service_level))]
  const offers: FulfillmentOffer[] = []
  for (const level of levels) {
    const rate = rules.shipping_rates.find((entry) => entry.service_level === level && entry.country.toUpperCase() === country) ?? rules.shipping_rates.find((entry) => entry.service_level === level && entry.country === '*')
    if (rate === undefined) continue
    const isFree = rules.free_shipping.some(
      (promotion) =>
        promotion.service_level === level &&
        ((promotion.min_subtotal !== undefined && parameters.subtotalMinor >= promotion.min_subtotal) ||
          (promotion.item_ids !== undefined && parameters.itemIds.length > 0 && parameters.itemIds.every((id) => promotion.item_ids!.includes(id)))),
    )
    offers.push(isFree ? { id: rate.id, title: `Free ${rate.title}`, amountMinor: 0 } : { id: rate.id, title: rate.title, amountMinor: rate.amount })
  }
  return offers
}
