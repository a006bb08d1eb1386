import assert from 'node:assert/strict'
import { test } from 'node:test'
import { formatCheckoutOrder } from './formatCheckoutOrder.ts'

// What `verity checkout` prints (issue 44 items 2 and 4): money as money, the items and where they
// ship, and a link a person can open (the web wallet's intent page).
test('the order reads as money, with its items, shipping address and a page to follow it', () => {
  const checkout = {
    line_items: [{ item: { title: 'Classic Tee — White / Medium (M)', price: 1999 }, quantity: 1, totals: [{ type: 'subtotal', amount: 1999 }, { type: 'total', amount: 1999 }] }],
    totals: [{ type: 'subtotal', amount: 1999 }, { type: 'fulfillment', amount: 500 }, { type: 'tax', amount: 0 }, { type: 'total', amount: 2499 }],
    fulfillment: { methods: [{ destinations: [{ id: 'd1', first_name: 'Ada', last_name: 'Lovelace', street_address: '1 Main St', address_locality: 'Springfield', address_region: 'IL', postal_code: '62704', address_country: 'US' }], selected_destination_id: 'd1' }] },
  }
  const text = formatCheckoutOrder({
    business: 'http://127.0.0.1:8095',
    intentId: 'i-1',
    bought: { checkout, order: { id: 'order_1', permalink_url: 'http://127.0.0.1:8095/orders/order_1' }, amountCents: 2499n, currency: 'USD', payee: 'STORE,1' },
    webUrl: 'http://localhost:8000/',
  })
  assert.equal(
    text,
    [
      "order order_1 placed at http://127.0.0.1:8095: paid $24.99 USD to STORE,1 with intent i-1's mandate payment",
      '  1 × Classic Tee — White / Medium (M)  $19.99 USD',
      '  shipping $5.00 USD · tax $0.00 USD · total $24.99 USD',
      '  ships to Ada Lovelace, 1 Main St, Springfield, IL 62704, US',
      "  follow it: http://localhost:8000/intents/i-1 (the web wallet's intent page: proof, payment, settlement)",
    ].join('\n'),
  )
})

test('a checkout without items or a destination prints the order line and the link', () => {
  const text = formatCheckoutOrder({ business: 'http://b', intentId: 'i-2', bought: { checkout: {}, order: undefined, amountCents: 5n, currency: 'XTS', payee: 'P,1' }, webUrl: 'http://w' })
  assert.equal(text, "order (none) placed at http://b: paid 5 minor units of XTS to P,1 with intent i-2's mandate payment\n  follow it: http://w/intents/i-2 (the web wallet's intent page: proof, payment, settlement)")
})
