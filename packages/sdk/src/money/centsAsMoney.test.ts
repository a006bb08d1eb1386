import assert from 'node:assert/strict'
import { test } from 'node:test'
import { centsAsMoney, currencyOf } from './centsAsMoney.ts'

test('a *_cents field reads as money, whatever form its integer takes', () => {
  assert.equal(centsAsMoney('price_cents', 1999), '$19.99')
  assert.equal(centsAsMoney('max_price_cents', 2500n), '$25.00')
  assert.equal(centsAsMoney('max_price_cents', { Int: 2500 }), '$25.00')
  assert.equal(centsAsMoney('price_cents', '5'), '$0.05')
  assert.equal(centsAsMoney('price_cents', 0), '$0.00')
  assert.equal(centsAsMoney('price_cents', -5), '-$0.05')
  assert.equal(centsAsMoney('price_cents', 123_456_789), '$1,234,567.89')
  assert.equal(centsAsMoney('price_cents', 123456789012345678901n), '$1,234,567,890,123,456,789.01')
  assert.equal(centsAsMoney('price_cents', 123_450, 'EUR'), '€1,234.50')
})

test('anything else is left alone', () => {
  assert.equal(centsAsMoney('price', 1999), undefined)
  assert.equal(centsAsMoney('cents_total', 1999), undefined)
  assert.equal(centsAsMoney('price_cents', 19.99), undefined)
  assert.equal(centsAsMoney('price_cents', 'white'), undefined)
  assert.equal(centsAsMoney('price_cents', ['1999']), undefined)
  assert.equal(centsAsMoney('price_cents', { String: '1999' }), undefined)
})

test("the table's currency field names the currency", () => {
  assert.equal(currencyOf({ currency: 'EUR', price_cents: 1 }), 'EUR')
  assert.equal(currencyOf({ currency: { String: 'gbp' } }), 'GBP')
  assert.equal(currencyOf({ currency: 'euros' }), undefined)
  assert.equal(currencyOf({ price_cents: 1 }), undefined)
})
