import { test } from 'node:test'
import assert from 'node:assert/strict'
import { InputDataError } from '@verity/policy'
import { CircuitBoundsError } from '../errors/proverErrors.ts'
import { choosePolicyTier } from './choosePolicyTier.ts'
import { sealedAttrsCommitments, sealedAttrsSalt } from './sealedAttrs.ts'
import { clothingCase } from './testing/clothingTemplate.ts'

test('a sealed intent commits once per tier that holds its template and attrs; the salt and every attr change each commitment', async () => {
  const { compiled, attrs } = clothingCase()
  const salt = sealedAttrsSalt()
  const commitments = await sealedAttrsCommitments(compiled, attrs, salt)
  // The clothing template's three attr sets do not fit the medium tier; the others hold it.
  assert.deepEqual(Object.keys(commitments), ['policy_small', 'policy', 'policy_sets'])
  assert.ok(Object.hasOwn(commitments, choosePolicyTier(compiled).circuit))
  for (const value of Object.values(commitments)) assert.match(value!, /^0x[0-9a-f]{64}$/)
  assert.equal(new Set(Object.values(commitments)).size, 3, 'each tier encodes the attrs its own way')
  assert.deepEqual(await sealedAttrsCommitments(compiled, attrs, salt), commitments, 'deterministic')
  const otherSalt = await sealedAttrsCommitments(compiled, attrs, salt === 1n ? 2n : salt - 1n)
  const otherMax = await sealedAttrsCommitments(compiled, { ...attrs, max_price_cents: 2501n }, salt)
  for (const tier of Object.keys(commitments) as (keyof typeof commitments)[]) {
    assert.notEqual(otherSalt[tier], commitments[tier])
    assert.notEqual(otherMax[tier], commitments[tier])
  }
})

test('a set too large for the small tiers leaves them out; attrs the template refuses and a zero salt throw', async () => {
  const { compiled, attrs } = clothingCase()
  const many = Array.from({ length: 9 }, (_, i) => `category-${i}`)
  const commitments = await sealedAttrsCommitments(compiled, { ...attrs, acceptable_categories: many }, 7n)
  assert.equal(commitments.policy_small, undefined, 'the small tier holds sets of 8 elements')
  assert.ok(Object.keys(commitments).length >= 1)
  await assert.rejects(sealedAttrsCommitments(compiled, { ...attrs, max_price_cents: 'lots' }, 7n), InputDataError)
  await assert.rejects(sealedAttrsCommitments(compiled, attrs, 0n), RangeError)
  const huge = Array.from({ length: 1000 }, (_, i) => `c${i}`)
  await assert.rejects(sealedAttrsCommitments(compiled, { ...attrs, acceptable_categories: huge }, 7n), CircuitBoundsError)
})

test('sealed salts are non-zero and differ', () => {
  const salts = new Set(Array.from({ length: 16 }, () => sealedAttrsSalt()))
  assert.equal(salts.size, 16)
  for (const salt of salts) assert.ok(salt > 0n)
})
