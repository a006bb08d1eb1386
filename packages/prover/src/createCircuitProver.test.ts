import { test } from 'node:test'
import assert from 'node:assert/strict'
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCircuitProver } from './createCircuitProver.ts'
import { CrsError, ProofCancelledError, ProofQueueFullError, WitnessError } from './errors/proverErrors.ts'
import { IGNITION_CRS_DIR } from './paths.ts'
import { G1_COMPRESSED_FILE, G2_FILE } from './crs/crsFiles.ts'

test('selftest circuit: prove, verify, tamper, unsatisfied witness, busy, cancel', async () => {
  const prover = createCircuitProver({ queueMax: 3 })
  try {
    const artifact = await prover.proveCircuit('selftest', { x: 3, y: 9 })
    assert.equal(artifact.system, 'ultrahonk-zk/bb5')
    assert.equal(artifact.crs, 'ignition')
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

for (const backend of ['native', 'wasm'] as const) {
  test(`zero-knowledge (${backend}): the same witness proven twice gives two different proofs, both verify, by either backend`, async () => {
    const prover = createCircuitProver({ backend })
    const other = createCircuitProver({ backend: backend === 'native' ? 'wasm' : 'native' })
    try {
      assert.equal(prover.backend, backend)
      const first = await prover.proveCircuit('selftest', { x: 5, y: 25 })
      const second = await prover.proveCircuit('selftest', { x: 5, y: 25 })
      assert.deepEqual(first.public_inputs, second.public_inputs)
      assert.notEqual(first.proof, second.proof, 'a ZK proof is randomized: equal proofs mean the prover is not zero-knowledge')
      assert.deepEqual(await prover.verifyCircuit('selftest', first), { ok: true })
      assert.deepEqual(await prover.verifyCircuit('selftest', second), { ok: true })
      assert.deepEqual(await other.verifyCircuit('selftest', first), { ok: true })
    } finally {
      await prover.close()
      await other.close()
    }
  })
}

test('an artifact of the old proof system (bb.js 0.82.2 "ultrahonk", dev CRS) is refused with a reason naming the system, not a crash', async () => {
  const prover = createCircuitProver({})
  try {
    const artifact = await prover.proveCircuit('selftest', { x: 3, y: 9 })
    const old = { ...artifact, system: 'ultrahonk', crs: 'dev' } as unknown as typeof artifact
    const result = await prover.verifyCircuit('selftest', old)
    assert.equal(result.ok, false)
    assert.match(!result.ok ? result.reason : '', /proof system "ultrahonk" \(UltraHonk of @aztec\/bb\.js 0\.82\.2.*no longer accepted/)
    const oldCircuit = await prover.verifyCircuit('selftest', { ...artifact, circuit_hash: 'ab'.repeat(32) })
    assert.match(!oldCircuit.ok ? oldCircuit.reason : '', /circuit_hash .* does not match/)
  } finally {
    await prover.close()
  }
})

test('the CRS is checked against its SHA-256 when loaded: a directory without it, or with one byte changed, is a CrsError', () => {
  const empty = mkdtempSync(join(tmpdir(), 'verity-crs-'))
  const changed = mkdtempSync(join(tmpdir(), 'verity-crs-'))
  try {
    assert.throws(() => createCircuitProver({ crsPath: empty }), CrsError)
    copyFileSync(join(IGNITION_CRS_DIR, G2_FILE), join(changed, G2_FILE))
    const g1 = Buffer.from(require_(join(IGNITION_CRS_DIR, G1_COMPRESSED_FILE)))
    g1[100]! ^= 1
    writeFileSync(join(changed, G1_COMPRESSED_FILE), g1)
    assert.throws(() => createCircuitProver({ crsPath: changed }), /are not Ignition's/)
    // The committed prefix itself passes.
    assert.equal(createCircuitProver({ crsPath: IGNITION_CRS_DIR }).crs, 'ignition')
  } finally {
    rmSync(empty, { recursive: true, force: true })
    rmSync(changed, { recursive: true, force: true })
  }
})

function require_(path: string): Buffer {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (process.getBuiltinModule('node:fs') as typeof import('node:fs')).readFileSync(path)
}
