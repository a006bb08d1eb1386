import { test } from 'node:test'
import assert from 'node:assert/strict'
import { InputDataError } from '@verity/policy'
import { createCircuitProver } from '../createCircuitProver.ts'
import { encodePolicyInputs } from './encodePolicyInputs.ts'
import { encodeInt, encodeString, fieldHex } from './encodeValue.ts'
import { POLICY_CIRCUIT } from './provePolicy.ts'
import { clothingCase } from './testing/clothingTemplate.ts'

test('host-side Poseidon2 commitments agree with the circuit (it recomputes and asserts them)', async () => {
  const prover = createCircuitProver({ workers: 1 })
  try {
    const { compiled, attrs, evidence } = clothingCase()
    const { inputs, publicInputs } = await encodePolicyInputs(compiled, attrs, evidence, 'intent-1', 42n)
    assert.deepEqual(await prover.executeCircuit(POLICY_CIRCUIT, inputs), { satisfied: true })
    for (const key of ['template_hash', 'attrs_commitment', 'evidence_commitment'] as const) {
      const result = await prover.executeCircuit(POLICY_CIRCUIT, { ...inputs, [key]: fieldHex(publicInputs.templateHash + 1n) })
      assert.equal(result.satisfied, false)
      if (!result.satisfied) assert.match(result.reason, /mismatch/)
    }
  } finally {
    await prover.close()
  }
})

test('values encode as documented; schema mismatches are InputDataError', async () => {
  assert.equal(encodeInt(-(2n ** 63n), 'x'), 0n)
  assert.equal(encodeInt(2n ** 63n - 1n, 'x'), 2n ** 64n - 1n)
  assert.ok(encodeString('White') < 2n ** 248n)
  const { compiled, attrs, evidence } = clothingCase()
  await assert.rejects(encodePolicyInputs(compiled, attrs, { ...evidence, price_cents: 'cheap' }, 'i'), InputDataError)
  const { price_cents: _, ...missing } = evidence
  await assert.rejects(encodePolicyInputs(compiled, attrs, missing, 'i'), InputDataError)
})
