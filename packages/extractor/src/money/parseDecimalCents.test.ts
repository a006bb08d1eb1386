import assert from 'node:assert/strict'
import { test } from 'node:test'
import { numberToCents, parseDecimalCents } from './parseDecimalCents.ts'

test('converts decimal major units to cents exactly', () => {
  const cases: [string, bigint][] = [
    ['19.99', 1999n],
    ['20', 2000n],
    ['0.1', 10n],
    ['0.07', 7n],
    ['19.990', 1999n],
    [' 5.5 ', 550n],
    // Far beyond 2^53 cents: floating point would round this.
    ['123456789012345678.91', 12345678901234567891n],
  ]
  for (const [text, cents] of cases) assert.equal(parseDecimalCents(text), cents, text)
})

test('refuses what is not an exact amount of cents', () => {
  for (const text of ['19.999', '-1.00', '1e3', '1,99', '', '.5', '5.', 'abc', '0x10', 'Infinity']) assert.equal(parseDecimalCents(text), undefined, text)
})

test('reads JSON numbers by their shortest text, without float arithmetic', () => {
  // 0.1 + 0.2 style errors would show here: 19.99 * 100 is 1998.9999999999998 in floating point.
  assert.equal(numberToCents(19.99), 1999n)
  assert.equal(numberToCents(1.1), 110n)
  assert.equal(numberToCents(24.5), 2450n)
  assert.equal(numberToCents(NaN), undefined)
  assert.equal(numberToCents(-3), undefined)
  assert.equal(numberToCents(1e21), undefined)
})
