import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { compileTemplate } from '@verity/policy'
import { comparedFields, spellingWarnings } from './spellingWarnings.ts'

const clothing = compileTemplate(readFileSync(new URL('../../../policy/examples/clothing.template', import.meta.url), 'utf8'))
const STORE = 'http://127.0.0.1:8095'
const vocabulary = new Map([
  ['size', ['Extra Large (XL)', 'Large (L)', 'Medium (M)', 'Small (S)']],
  ['color', ['Black', 'Navy', 'White']],
  ['category', ['polo', 't-shirt']],
])

test('the fields a template compares exactly with evidence strings are the ones judged', () => {
  assert.deepEqual(comparedFields(clothing), [
    { intentField: 'acceptable_categories', evidenceField: 'category' },
    { intentField: 'size', evidenceField: 'size' },
    { intentField: 'audience', evidenceField: 'audience' },
    { intentField: 'acceptable_colors', evidenceField: 'color' },
    { intentField: 'acceptable_brands', evidenceField: 'brand' },
  ])
})

test('a value the business spells no way is warned about, with the closest spelling first', () => {
  const warnings = spellingWarnings(clothing, { acceptable_categories: ['t-shirt', 'tee'], size: 'M', acceptable_colors: { Set: [{ String: 'white' }] }, audience: 'unisex' }, vocabulary, STORE)
  assert.deepEqual(warnings.map((warning) => [warning.field, warning.value, warning.closest]), [['acceptable_categories', 'tee', undefined], ['size', 'M', 'Medium (M)'], ['acceptable_colors', 'white', 'White']])
  assert.equal(
    warnings[1]!.message,
    'size "M": http://127.0.0.1:8095 spells no size that way, so a proposal from it would fail; did you mean "Medium (M)"? (it has "Medium (M)", "Extra Large (XL)", "Large (L)", "Small (S)")',
  )
})

test('values spelled as the business spells them, and fields it never names, are not warned about', () => {
  assert.deepEqual(spellingWarnings(clothing, { acceptable_categories: ['t-shirt'], size: 'Medium (M)', audience: 'kids', acceptable_colors: ['White'] }, vocabulary, STORE), [])
  assert.deepEqual(spellingWarnings(clothing, { size: 'M' }, new Map(), STORE), [])
})
