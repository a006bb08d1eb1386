import assert from 'node:assert/strict'
import { test } from 'node:test'
import { decodeInputFields } from '@verity/core'
import { compileTemplate } from '@verity/policy'
import { constraintApplies, describeConstraint } from './describeConstraint.ts'

const TEMPLATE = `
name words_test
intent {
  colors: set<string>
  brands: optional set<string>
  max_price: int
  min_memory: int
}
evidence {
  color: string
  brand: string
  price: int
  memory: int
  refurbished: bool
}
requires {
  evidence.color in intent.colors;
  evidence.color not in {"Neon", "Camo"};
  0 < evidence.price <= intent.max_price;
  evidence.memory >= intent.min_memory or evidence.refurbished == false;
  not evidence.refurbished;
  optional: evidence.brand in intent.brands;
}
`

test('constraints read in plain words with the intent values filled in', () => {
  const compiled = compileTemplate(TEMPLATE)
  const attrs = decodeInputFields({ colors: ['White', 'Black'], max_price: 2500, min_memory: 16 })
  assert.deepEqual(
    compiled.requires.map((constraint) => describeConstraint(constraint, attrs)),
    [
      'color is one of "White", "Black"',
      'color is none of "Camo", "Neon"',
      '0 < price ≤ 2500',
      'memory ≥ 16 or refurbished is false',
      'not (refurbished)',
      'brand is one of intent.brands (not given)',
    ],
  )
  assert.deepEqual(compiled.requires.map((constraint) => constraintApplies(constraint, attrs)), [true, true, true, true, true, false])
  const withBrands = decodeInputFields({ colors: ['White'], brands: ['Acme'], max_price: 1, min_memory: 1 })
  assert.equal(describeConstraint(compiled.requires[5]!, withBrands), 'brand is one of "Acme"')
  assert.equal(constraintApplies(compiled.requires[5]!, withBrands), true)
})
