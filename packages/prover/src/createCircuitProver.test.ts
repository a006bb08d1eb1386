import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createCircuitProver } from './createCircuitProver.ts'
import { ProofCancelledError, ProofQueueFullError, WitnessError } from './errors/proverErrors.ts'

test('selftest circuit: prove, verify, tamper, unsatisfied witness, busy, cancel', async () => {
  const prover = createCircuitProver({ queueMax: 3 })
  try {
    const artifact = await prover.proveCircuit('selftest', { x: 3, y: 9 })
    assert.equal(artifact.system, 'ultrahonk')
    assert.equal(artifact.crs, 'dev')
    assert.deepEqual(artifact.public_inputs, ['0x' + '9'.padStart(64, '0')])
    assert.deepEqual(await prover.verifyCircuit('selftest', artifact), { ok: true })

    const tampered = { ...artifact, public_inputs: ['0x' + 'a'.padStart(64, '0')] }
    const result = await prover.verifyCircuit('selftest', tampered)
    assert.equal(result.ok, false)

    await assert.rejects(prover.proveCircuit('selftest', { x: 3, y: 10 }), WitnessError)
    assert.deepEqual((await prover.executeCircuit('selftest', { x: 3, y: 10 })).satisfied, false)

    const controller = new AbortController()
    const jobs = [1, 2, 3].map((x) => prover.proveCircuit('selftest', { x, y: x * x }, x === 3 ? { signal: controller.signal } : {}))
    await new Promise((resolve) => setImmediate(resolve))
    await assert.rejects(prover.proveCircuit('selftest', { x: 4, y: 16 }), ProofQueueFullError)
    controller.abort()
    await assert.rejects(jobs[2]!, ProofCancelledError)
    const done = await Promise.all(jobs.slice(0, 2))
    assert.equal(done.length, 2)
  } finally {
    await prover.close()
  }
})

test('a configured CRS directory without files is a CrsError outside production', async () => {
  const { mkdtempSync, rmSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const { CrsError } = await import('./errors/proverErrors.ts')
  const dir = mkdtempSync(join(tmpdir(), 'verity-crs-'))
  const prover = createCircuitProver({ crsPath: dir })
  try {
    await assert.rejects(prover.proveCircuit('selftest', { x: 3, y: 9 }), CrsError)
  } finally {
    await prover.close()
    rmSync(dir, { recursive: true, force: true })
  }
})
