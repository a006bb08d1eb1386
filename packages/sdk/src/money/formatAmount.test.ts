import assert from 'node:assert/strict'
import { test } from 'node:test'
import { formatAmount, NATIVE_TOKEN_INFO } from './formatAmount.ts'

test('amounts read as money: currency symbols with cents, others in minor units, the raw integer untouched', () => {
  const usd = { symbol: 'USD', name: 'Devnet Dollar' }
  assert.equal(formatAmount(1999n, usd), '$19.99 USD')
  assert.equal(formatAmount(1999, usd), '$19.99 USD')
  assert.equal(formatAmount(5n, usd), '$0.05 USD')
  assert.equal(formatAmount(123456789n, usd), '$1,234,567.89 USD')
  assert.equal(formatAmount(2499n, { symbol: 'EUR', name: 'Euro' }), '€24.99 EUR')
  assert.equal(formatAmount(1999n, { symbol: 'DMD', name: 'Demo Dollar' }), '1,999 minor units of DMD')
  assert.equal(formatAmount(1999n, { symbol: 'DMD', name: 'Demo Dollar', decimals: 3 }), '1.999 DMD')
  assert.equal(formatAmount(1999n), '1,999 minor units')
  assert.equal(formatAmount(1_000_000n, NATIVE_TOKEN_INFO), '1,000,000 plancks')
  assert.equal(formatAmount(18_446_744_073_709_551_615n, usd), '$184,467,440,737,095,516.15 USD')
})
