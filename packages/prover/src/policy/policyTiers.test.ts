import { test } from 'node:test'
import assert from 'node:assert/strict'
import { loadCircuit } from '../circuits/loadCircuit.ts'
import { createCircuitProver } from '../createCircuitProver.ts'
import { POLICY_ITEMS_PER_FIELD } from '../limits.ts'
import { POLICY_TIERS, policyTierOf } from './policyTiers.ts'

// Proving time follows the power-of-two size: a tier that grows past its size proves twice as slowly.
const SUBGROUP_SIZE_BY_CIRCUIT: Record<string, number> = { policy_small: 2 ** 12, policy_medium: 2 ** 13, policy: 2 ** 14 }

test('every policy tier\'s sizes match its compiled circuit\'s ABI', async () => {
  for (const tier of POLICY_TIERS) {
    const circuit = await loadCircuit(tier.circuit)
    const lengths = Object.fromEntries(
      circuit.program.abi.parameters.map((p) => [p.name, p.type.kind === 'array' ? [p.type.length, p.type.type.kind === 'array' ? p.type.type.length : 1] : [1, 1]]),
    )
    const itemFields = (count: number) => Math.ceil(count / POLICY_ITEMS_PER_FIELD)
    const at = (name: string) => `${tier.circuit}.${name}`
    assert.deepEqual(lengths.template_atoms, [itemFields(tier.atoms), 1], at('atoms'))
    assert.deepEqual(lengths.template_gates, [itemFields(tier.layers * tier.layerWidth), 1], at('gates'))
    assert.deepEqual(lengths.template_constants, [tier.constants, 1], at('constants'))
    assert.deepEqual(lengths.template_sets, [tier.literalSets, tier.setSize], at('literal sets'))
    assert.deepEqual(lengths.attr_values, [tier.attrSlots, 1], at('attr slots'))
    assert.deepEqual(lengths.attr_sets, [tier.attrSets, tier.setSize], at('attr sets'))
    assert.deepEqual(lengths.evidence_values, [tier.evidenceSlots, 1], at('evidence slots'))
    assert.deepEqual(lengths.evidence_sets, [tier.evidenceSets, tier.setSize], at('evidence sets'))
  }
})

test('each policy tier stays within its power-of-two size: a quarter, a half, the universal', async () => {
  const prover = createCircuitProver({ workers: 1, threads: 1 })
  try {
    for (const tier of POLICY_TIERS) {
      const size = await prover.circuitSize(tier.circuit)
      assert.equal(size.subgroupSize, SUBGROUP_SIZE_BY_CIRCUIT[tier.circuit], `${tier.circuit}: ${size.gates} gates`)
    }
  } finally {
    await prover.close()
  }
})

test('a circuit name that is no policy tier has no tier', () => {
  assert.equal(policyTierOf('policy')?.circuit, 'policy')
  assert.equal(policyTierOf('policy_small')?.circuit, 'policy_small')
  assert.equal(policyTierOf('policy_medium')?.circuit, 'policy_medium')
  for (const name of ['sdl', 'policy_tiny', '', undefined, null, 7, '__proto__']) assert.equal(policyTierOf(name), undefined, String(name))
})
