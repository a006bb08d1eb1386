import { test } from 'node:test'
import assert from 'node:assert/strict'
import { standaloneToken } from './standaloneToken.ts'

test('a value is found as a JSON number, a string or a flag value, never inside hex or base64', () => {
  const price = standaloneToken(2345)
  for (const text of ['{"max_price_cents":2345}', '"2345"', 'max_price_cents=2345', '[2345, 1]', '2345']) assert.match(text, price, text)
  for (const text of ['"0xab2345cd"', '"q2345Zz+/"', '"0x2345"', '23456', '12345', 'abc2345', '2345_a', 'a-2345']) assert.doesNotMatch(text, price, text)
  assert.match('size: (M)', standaloneToken('(M)'))
})
