import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { InputValue } from '@verity/core'
import { compileTemplate } from '@verity/policy'
import { assertSetsFitCircuit, CircuitBoundsError, POLICY_TIERS } from '@verity/prover'
import { assertIntentSetsFit } from './intentSetsFit.ts'

// The set-size check of POST /intents decides exactly as the prover's assertSetsFitCircuit, for
// templates with and without set fields and sets on both sides of every tier's bound; it only skips
// the work when no tier could refuse.

const WITH_SETS = `name sets_fit
intent {
  wanted: set<string>
  sizes: set<int>
  max_price_cents: int
}
evidence {
  pieces: set<string>
  size: int
  price_cents: int
}
requires {
  evidence.pieces superset intent.wanted;
  evidence.size in intent.sizes;
  evidence.price_cents <= intent.max_price_cents;
}
`
const WITHOUT_SETS = `name no_sets
intent {
  max_price_cents: int
  color: string
}
evidence {
  price_cents: int
  color: string
}
requires {
  evidence.price_cents <= intent.max_price_cents;
  evidence.color == intent.color;
}
`

function outcome(check: () => void): string {
  try {
    check()
    return 'fits'
  } catch (error) {
    if (error instanceof CircuitBoundsError) return error.message
    throw error
  }
}

describe('assertIntentSetsFit', () => {
  const withSets = compileTemplate(WITH_SETS)
  const withoutSets = compileTemplate(WITHOUT_SETS)
  const bounds = [...new Set(POLICY_TIERS.map((tier) => tier.setSize))]

  test('agrees with assertSetsFitCircuit on either side of every tier bound, for each set field', () => {
    for (const bound of bounds)
      for (const size of [0, bound - 1, bound, bound + 1]) {
        const strings = Array.from({ length: size }, (_, index) => `piece-${index}`)
        const ints = Array.from({ length: size }, (_, index) => BigInt(index))
        for (const attrs of [
          { wanted: strings, sizes: [1n], max_price_cents: 100n },
          { wanted: ['a'], sizes: ints, max_price_cents: 100n },
          { wanted: [...strings, ...strings], sizes: [1n, 1n, 1n], max_price_cents: 100n }, // duplicates count once
        ] satisfies Record<string, InputValue>[])
          assert.equal(outcome(() => assertIntentSetsFit(withSets, attrs)), outcome(() => assertSetsFitCircuit(withSets, { attrs, evidence: {} })), `size ${size}`)
      }
  })

  test('refuses a set no tier holds, naming the field', () => {
    const largest = Math.max(...bounds)
    const attrs = { wanted: Array.from({ length: largest + 1 }, (_, index) => `piece-${index}`), sizes: [1n], max_price_cents: 100n }
    assert.throws(() => assertIntentSetsFit(withSets, attrs), /elements of set field intent\.wanted exceeds the circuit's bound/)
  })

  test('a template without set fields accepts any attrs', () => {
    assert.equal(outcome(() => assertIntentSetsFit(withoutSets, { max_price_cents: 100n, color: 'red' })), 'fits')
  })
})
