import { test } from 'node:test'
import assert from 'node:assert/strict'
import { loadCircuit } from '../circuits/loadCircuit.ts'
import { createCircuitProver } from '../createCircuitProver.ts'
import { POLICY_ITEMS_PER_FIELD } from '../limits.ts'
import { POLICY_TIERS, policyTierOf } from './policyTiers.ts'

// Proving time follows the power-of-two size: a tier that grows past its size proves twice as slowly.
const SUBGROUP_SIZE_BY_CIRCUIT: Record<string, number> = { policy_small: 2 ** 12, policy_medium: 2 ** 13, policy: 2 ** 14, policy_sets: 2 ** 15 }

test('every policy tier\'s sizes match its compiled circuit\'s ABI', async () => {
  for (const tier of POLICY_TIERS) {
    const circuit = await loadCircuit(tier.circuit)
    const lengths = Object.fromEntries(
      circuit.program.abi.parameters.map((p) => [p.name, p.type.kind === 'array' ? [p.type.length, p.type.type.kind === 'array' ? p.type.type.length : 1] : [1, 1]]),
    )
    const itemFields = (count: number) => Math.ceil(count / POLICY_ITEMS_PER_FIELD)
    const at = (name: string) => `${tier.circuit}.${name}`
    assert.deepEqual(lengths.template_atoms, [itemFields(tier.atoms), 1], at('atoms'))
    // Only a tier with relations has the parameter (the others' ABI predates relations).
    assert.deepEqual(lengths.template_relations, tier.relations === 0 ? undefined : [itemFields(tier.relations), 1], at('relations'))
    assert.deepEqual(lengths.template_gates, [itemFields(tier.layers * tier.layerWidth), 1], at('gates'))
    assert.deepEqual(lengths.template_constants, [tier.constants, 1], at('constants'))
    assert.deepEqual(lengths.template_sets, [tier.literalSets, tier.setSize], at('literal sets'))
    assert.deepEqual(lengths.attr_values, [tier.attrSlots, 1], at('attr slots'))
    assert.deepEqual(lengths.attr_sets, [tier.attrSets, tier.setSize], at('attr sets'))
    assert.deepEqual(lengths.evidence_values, [tier.evidenceSlots, 1], at('evidence slots'))
    assert.deepEqual(lengths.evidence_sets, [tier.evidenceSets, tier.setSize], at('evidence sets'))
  }
})

test('each policy tier stays within its power-of-two size: a quarter, a half, the universal, twice it for sets', async () => {
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
  assert.equal(policyTierOf('policy_sets')?.circuit, 'policy_sets')
  for (const name of ['sdl', 'policy_tiny', '', undefined, null, 7, '__proto__']) assert.equal(policyTierOf(name), undefined, String(name))
})

// A proof names its circuit by hash (the artifact's `circuit_hash`, SHA-256 of the bytecode); the
// same bytecode means the same verification key. These are the circuits of this proof system
// (Noir 1.0.0-beta.26, Barretenberg 5, attrs commitment with a salt): a change here is a new
// circuit, whose proofs verifiers of the old one refuse, so it is made deliberately, with this table.
const CIRCUIT_HASHES: Record<string, string> = {
  policy_small: 'd8da354e53f1dc8d16ccbbc641b6b335fe75317efce32213e3a6d64513766cbb',
  policy_medium: '774e7440bd099685e82e6a4b694db14d4a7ede4117cfe8eebba9b146109f5391',
  policy: '56292475f3739d5c4fba1f733dfede8d9a002ae8efa00547aea39c34321336a3',
  policy_sets: '99a0ffceef88236553c645bda876070f35f18b2690ec34441eeabdf78a5082a1',
}

test('the policy tiers compile to the circuits verifiers know (pinned circuit hashes)', async () => {
  for (const [name, hash] of Object.entries(CIRCUIT_HASHES)) assert.equal((await loadCircuit(name)).circuitHash, hash, name)
})
