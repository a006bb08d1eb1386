import type { PricedLine } from './priceSession.ts'

/** A priced line as UCP writes it, in a checkout's `line_items` and an order's `line_items` alike. */
export function renderLineItem(line: PricedLine) {
  return {
    id: line.id,
    item: { id: line.item.id, title: line.item.title, price: line.item.priceMinor, ...(line.item.imageUrl === undefined ? {} : { image_url: line.item.imageUrl }) },
    quantity: line.quantity,
    totals: [
      { type: 'subtotal' as const, amount: line.subtotalMinor },
      { type: 'total' as const, amount: line.subtotalMinor },
    ],
  }
}
