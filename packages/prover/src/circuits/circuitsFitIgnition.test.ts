// Every circuit must be provable with the committed Ignition prefix: 2^15 + 1 points serve circuits
// of at most 2^15 rows (Barretenberg's size after finalization, a power of two). A circuit that
// outgrows it fails here, by name and size, not in the middle of a proof.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createCircuitProver } from '../createCircuitProver.ts'
import { IGNITION_CIRCUIT_SIZE_MAX } from '../crs/ignitionCrs.ts'
import { listCircuits } from './loadCircuit.ts'

test('every circuit fits the Ignition prefix (at most 2^15 rows)', async () => {
  const prover = createCircuitProver({ workers: 1, threads: 1 })
  try {
    const names = listCircuits()
    assert.ok(names.includes('sdl') && names.includes('policy_sets'), `circuits: ${names.join(', ')}`)
    const tooLarge: string[] = []
    for (const name of names) {
      const { gates, subgroupSize } = await prover.circuitSize(name)
      if (subgroupSize > IGNITION_CIRCUIT_SIZE_MAX) tooLarge.push(`${name}: ${gates} gates, 2^${Math.log2(subgroupSize)} rows`)
    }
    assert.deepEqual(tooLarge, [], `circuits larger than the Ignition prefix serves (2^${Math.log2(IGNITION_CIRCUIT_SIZE_MAX)} rows): ${tooLarge.join('; ')}`)
  } finally {
    await prover.close()
  }
})
