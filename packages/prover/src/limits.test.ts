import { test } from 'node:test'
import assert from 'node:assert/strict'
import { loadCircuit } from './circuits/loadCircuit.ts'
import * as limits from './limits.ts'

test('the policy limits match the compiled circuit ABI', async () => {
  const circuit = await loadCircuit('policy')
  const lengths = Object.fromEntries(
    circuit.program.abi.parameters.map((p) => [p.name, p.type.kind === 'array' ? [p.type.length, p.type.type.kind === 'array' ? p.type.type.length : 1] : [1, 1]]),
  )
  const itemFields = (count: number) => Math.ceil(count / limits.POLICY_ITEMS_PER_FIELD)
  assert.deepEqual(lengths.template_atoms, [itemFields(limits.POLICY_ATOMS), 1])
  assert.deepEqual(lengths.template_gates, [itemFields(limits.POLICY_LAYERS * limits.POLICY_LAYER_WIDTH), 1])
  assert.deepEqual(lengths.template_constants, [limits.POLICY_CONSTANTS, 1])
  assert.deepEqual(lengths.template_sets, [limits.POLICY_LITERAL_SETS, limits.POLICY_SET_SIZE])
  assert.deepEqual(lengths.attr_values, [limits.POLICY_ATTR_SLOTS, 1])
  assert.deepEqual(lengths.attr_sets, [limits.POLICY_ATTR_SETS, limits.POLICY_SET_SIZE])
  assert.deepEqual(lengths.evidence_values, [limits.POLICY_EVIDENCE_SLOTS, 1])
  assert.deepEqual(lengths.evidence_sets, [limits.POLICY_EVIDENCE_SETS, limits.POLICY_SET_SIZE])
})

test('the policy circuit stays within 2^14 gates (proving time doubles beyond)', async () => {
  const { createCircuitProver } = await import('./createCircuitProver.ts')
  const prover = createCircuitProver({ workers: 1, threads: 1 })
  try {
    const size = await prover.circuitSize('policy')
    assert.equal(size.subgroupSize, 2 ** 14, `${size.gates} gates`)
  } finally {
    await prover.close()
  }
})
