import assert from 'node:assert/strict'
import { test } from 'node:test'
import { createCircuitProver } from '../createCircuitProver.ts'
import { createProver } from '../createProver.ts'
import { WitnessError } from '../errors/proverErrors.ts'
import { POLICY_CIRCUITS } from './policyTiers.ts'
import { policyWarmUpInputs } from './policyWarmUpInputs.ts'

test('the warm-up statement is satisfied on every policy tier, and warmUpPolicy proves it in the worker', async () => {
  const inputs = await policyWarmUpInputs()
  assert.deepEqual(Object.keys(inputs).sort(), [...POLICY_CIRCUITS].sort())
  const prover = createProver({ threads: 1, workers: 1 })
  try {
    for (const circuit of POLICY_CIRCUITS) assert.deepEqual(await prover.executeCircuit(circuit, inputs[circuit]), { satisfied: true }, circuit)
    await prover.warmUpPolicy()
  } finally {
    await prover.close()
  }
})

test('a warm-up with proof inputs proves them: inputs that do not satisfy the circuit fail the warm-up', async () => {
  const prover = createCircuitProver({ threads: 1, workers: 1 })
  try {
    await prover.warmUp(['selftest'], { proofInputs: { selftest: { x: 3, y: 9 } } })
    await assert.rejects(prover.warmUp(['selftest'], { proofInputs: { selftest: { x: 3, y: 10 } } }), WitnessError)
  } finally {
    await prover.close()
  }
})
