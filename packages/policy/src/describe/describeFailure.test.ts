import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { compileTemplate } from '../compile/compileTemplate.ts'
import type { InputValue } from '../values/InputValue.ts'
import { describeConstraint, type DescribeOptions } from './describeConstraint.ts'
import { describeFailure } from './describeFailure.ts'

const clothing = compileTemplate(readFileSync(new URL('../../examples/clothing.template', import.meta.url), 'utf8'))
const attrs: Record<string, InputValue> = { acceptable_categories: ['t-shirt', 'polo'], size: 'Medium (M)', audience: 'unisex', max_price_cents: 2500n, acceptable_colors: ['White'] }
const evidence = { category: 'polo', color: 'Navy', brand: 'Acme', size: 'Large (L)', audience: 'kids', price_cents: 3499 }
// What the web wallet passes: money for *_cents, `price` for `price_cents`.
const money: DescribeOptions = {
  valueWords: (field, value) => (field.endsWith('_cents') && typeof value === 'bigint' ? `$${(Number(value) / 100).toFixed(2)}` : undefined),
  fieldWords: (field) => field.replace(/_cents$/, '').replaceAll('_', ' '),
}

test('a failed comparison or membership reads as the evidence value against what the user allowed', () => {
  const failures = clothing.requires.map((constraint) => describeFailure(constraint, attrs, evidence, money))
  assert.equal(failures[1], 'Size: "Large (L)", not the "Medium (M)" you asked for')
  assert.equal(failures[2], 'Audience: "kids", not one of "men", "unisex", "women"')
  assert.equal(failures[4], 'Price: $34.99, above your $25.00 cap')
  assert.equal(failures[5], 'Color: "Navy", not one of "White"')
})

test('without options the names and values are the template language\'s', () => {
  assert.equal(describeFailure(clothing.requires[4]!, attrs, evidence), 'Price_cents: 3499, above your 2500 cap')
  assert.equal(describeFailure(clothing.requires[4]!, attrs, {}), 'Price_cents: (not in the evidence), above your 2500 cap')
})

test('any other constraint reads "Not met" with the evidence values it names', () => {
  const template = compileTemplate('name t\nintent { low: int }\nevidence { a: int\n b: int }\nrequires {\n  evidence.a < evidence.b or evidence.a == intent.low;\n}\n')
  assert.equal(describeFailure(template.requires[0]!, { low: 1n }, { a: 5, b: 2 }), 'Not met: a < b or a is 1 (A: 5; B: 2)')
})

test('the preview names fields and shows values the way the options say', () => {
  assert.equal(describeConstraint(clothing.requires[4]!, attrs, money), 'price ≤ $25.00')
  assert.equal(describeConstraint(clothing.requires[4]!, attrs), 'price_cents ≤ 2500')
})
