import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { ShopRules } from '../shop/ShopRules.ts'
import { applyDiscounts } from './discounts.ts'
import { fulfillmentOptions } from './fulfillmentOptions.ts'

const rules: ShopRules = {
  currency: 'USD',
  shipping_rates: [
    { id: 'std', country: '*', service_level: 'standard', title: 'Standard', amount: 500 },
    { id: 'exp-us', country: 'US', service_level: 'express', title: 'Express (US)', amount: 1500 },
    { id: 'exp', country: '*', service_level: 'express', title: 'Express', amount: 2500 },
  ],
  free_shipping: [
    { id: 'over', title: 'over 100', service_level: 'standard', min_subtotal: 10_000 },
    { id: 'roses', title: 'roses', service_level: 'standard', item_ids: ['roses'] },
  ],
  discount_codes: [
    { code: 'TEN', kind: 'percentage', value: 10, title: '10%' },
    { code: 'TWENTY', kind: 'percentage', value: 20, title: '20%' },
    { code: 'FIVE', kind: 'fixed_amount', value: 500, title: '$5' },
  ],
  tax_rates_bps: {},
  stock: {},
  customers: [],
  links: [],
}

test('shipping options: the country\'s own rate per level, else the default; free standard shipping from the threshold or for eligible items only', () => {
  const offers = (country: string, subtotalMinor: number, itemIds: string[]) => fulfillmentOptions(rules, { country, subtotalMinor, itemIds }).map((offer) => `${offer.id}:${offer.amountMinor}`)
  assert.deepEqual(offers('us', 3_500, ['tee']), ['std:500', 'exp-us:1500'])
  assert.deepEqual(offers('CA', 3_500, ['tee']), ['std:500', 'exp:2500'])
  assert.deepEqual(offers('CA', 10_000, ['tee']), ['std:0', 'exp:2500'])
  assert.deepEqual(offers('US', 3_500, ['roses']), ['std:0', 'exp-us:1500'])
  assert.deepEqual(offers('US', 3_500, ['roses', 'tee']), ['std:500', 'exp-us:1500'], 'every item must be eligible')
  assert.equal(fulfillmentOptions(rules, { country: 'US', subtotalMinor: 10_000, itemIds: [] })[0]!.title, 'Free Standard')
})

test('discounts apply one after the other to what is left, case-insensitively, each code once, unknown codes ignored, never below zero', () => {
  const applied = (codes: string[], subtotal: number) => applyDiscounts(rules, codes, subtotal).map((discount) => `${discount.code}:${discount.amountMinor}`)
  assert.deepEqual(applied(['ten', 'TWENTY', 'nope', 'TEN'], 3_500), ['TEN:350', 'TWENTY:630'])
  assert.deepEqual(applied(['FIVE', 'TEN'], 3_500), ['FIVE:500', 'TEN:300'])
  assert.deepEqual(applied(['FIVE', 'TEN'], 300), ['FIVE:300'])
  assert.deepEqual(applied(['TEN'], 5), ['TEN:1'], 'half rounds up')
})
