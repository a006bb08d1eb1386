import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createProver } from '../createProver.ts'
import { CircuitBoundsError, WitnessError } from '../errors/proverErrors.ts'
import { clothingCase } from './testing/clothingTemplate.ts'

test('policy proof: proves, verifies, and binds every public input', async () => {
  const prover = createProver({})
  try {
    const { compiled, attrs, evidence } = clothingCase()
    const intentId = '550e8400-e29b-41d4-a716-446655440000'
    const artifact = await prover.provePolicy({ compiled, attrs, evidence, intentId, salt: 7n })
    assert.equal(artifact.circuit, 'policy')
    assert.equal(artifact.crs, 'ignition')
    assert.equal(artifact.public_inputs.length, 4)
    assert.deepEqual(await prover.verifyPolicy({ artifact, compiled, attrs, evidence, intentId, salt: 7n }), { ok: true })

    // Each public input altered in the artifact: the proof itself no longer verifies.
    for (let i = 0; i < artifact.public_inputs.length; i++) {
      const public_inputs = [...artifact.public_inputs]
      public_inputs[i] = '0x' + (BigInt(public_inputs[i]!) + 1n).toString(16).padStart(64, '0')
      const result = await prover.verifyCircuit('policy', { ...artifact, public_inputs })
      assert.equal(result.ok, false, `public input ${i} altered`)
    }
    // A different claimed statement: rejected before the proof is even checked.
    const claims = [
      { attrs: { ...attrs, max_price_cents: 2600n } },
      { evidence: { ...evidence, price_cents: 2000n } },
      { intentId: 'another-intent' },
      { salt: 8n },
    ]
    for (const claim of claims) {
      const result = await prover.verifyPolicy({ artifact, compiled, attrs, evidence, intentId, salt: 7n, ...claim })
      assert.equal(result.ok, false, JSON.stringify(Object.keys(claim)))
    }
    const tamperedProof = Buffer.from(artifact.proof, 'base64')
    tamperedProof.writeUInt8(tamperedProof.readUInt8(100) ^ 1, 100)
    const result = await prover.verifyPolicy({ artifact: { ...artifact, proof: tamperedProof.toString('base64') }, compiled, attrs, evidence, intentId, salt: 7n })
    assert.equal(result.ok, false)
  } finally {
    await prover.close()
  }
})

test('policy proof: evidence that breaks a constraint has no witness (WitnessError)', async () => {
  const prover = createProver({})
  try {
    const { compiled, attrs, evidence } = clothingCase()
    await assert.rejects(prover.provePolicy({ compiled, attrs, evidence: { ...evidence, price_cents: 2501n }, intentId: 'i' }), WitnessError)
    await assert.rejects(prover.provePolicy({ compiled, attrs, evidence: { ...evidence, color: 'Red' }, intentId: 'i' }), WitnessError)
  } finally {
    await prover.close()
  }
})

test('production: what a fresh prover makes (Ignition, ZK) verifies; an old dev-CRS artifact is refused, naming its proof system', async () => {
  const prover = createProver({})
  const verifier = createProver({ production: true })
  try {
    const { compiled, attrs, evidence } = clothingCase()
    const artifact = await prover.provePolicy({ compiled, attrs, evidence, intentId: 'i' })
    assert.equal(artifact.crs, 'ignition')
    assert.deepEqual(await verifier.verifyPolicy({ artifact, compiled, attrs, evidence, intentId: 'i' }), { ok: true })
    const old = { ...artifact, system: 'ultrahonk', crs: 'dev' } as unknown as typeof artifact
    const refused = await verifier.verifyPolicy({ artifact: old, compiled, attrs, evidence, intentId: 'i' })
    assert.equal(refused.ok, false)
    assert.match(!refused.ok ? refused.reason : '', /proof system "ultrahonk" .*0\.82\.2.*no longer accepted/)
  } finally {
    await prover.close()
    await verifier.close()
  }
})

test('tiers: a small-tier proof verifies by its own key only; unknown circuits are refused', async () => {
  const prover = createProver({})
  try {
    const { compiled, attrs, evidence } = clothingCase()
    const intentId = '550e8400-e29b-41d4-a716-446655440001'
    const small = await prover.provePolicy({ compiled, attrs, evidence, intentId, circuit: 'policy_small' })
    assert.equal(small.circuit, 'policy_small')
    const { loadCircuit } = await import('../circuits/loadCircuit.ts')
    assert.equal(small.circuit_hash, (await loadCircuit('policy_small')).circuitHash)
    assert.deepEqual(await prover.verifyPolicy({ artifact: small, compiled, attrs, evidence, intentId }), { ok: true })

    // The same statement on the universal tier has another template hash (the padding differs).
    const { policyPublicInputs } = await import('./encodePolicyInputs.ts')
    const universalInputs = await policyPublicInputs(compiled, attrs, evidence, intentId, 0n)
    assert.notEqual(universalInputs[0], small.public_inputs[0])
    assert.deepEqual(universalInputs.slice(3), small.public_inputs.slice(3))

    // Relabelled as the universal circuit (name and hash): the recomputed template hash differs…
    const universalHash = (await loadCircuit('policy')).circuitHash
    const relabelled = { ...small, circuit: 'policy', circuit_hash: universalHash }
    const refused = await prover.verifyPolicy({ artifact: relabelled, compiled, attrs, evidence, intentId })
    assert.equal(refused.ok, false)
    if (!refused.ok) assert.match(refused.reason, /public input 0 \(template hash\)/)
    // …and even with the universal tier's public inputs, the universal key rejects the small proof.
    const keyed = await prover.verifyCircuit('policy', { ...relabelled, public_inputs: universalInputs })
    assert.equal(keyed.ok, false)
    if (!keyed.ok) assert.match(keyed.reason, /does not verify/)
    // A universal proof relabelled as small: refused by the small tier's circuit hash check.
    const universal = await prover.provePolicy({ compiled, attrs, evidence, intentId })
    assert.equal(universal.circuit, 'policy')
    assert.deepEqual(await prover.verifyPolicy({ artifact: universal, compiled, attrs, evidence, intentId }), { ok: true })
    const asSmall = await prover.verifyPolicy({ artifact: { ...universal, circuit: 'policy_small' }, compiled, attrs, evidence, intentId })
    assert.equal(asSmall.ok, false)

    for (const circuit of ['policy_tiny', 'sdl', '']) {
      const result = await prover.verifyPolicy({ artifact: { ...small, circuit }, compiled, attrs, evidence, intentId })
      assert.equal(result.ok, false)
      if (!result.ok) assert.match(result.reason, /unknown policy circuit/)
    }
    await assert.rejects(prover.provePolicy({ compiled, attrs, evidence, intentId, circuit: 'policy_tiny' as 'policy' }), RangeError)
  } finally {
    await prover.close()
  }
})

test('tiers: a template beyond the small tier cannot be proven on it (CircuitBoundsError naming policy_small)', async () => {
  const prover = createProver({})
  try {
    const { compileTemplate } = await import('@verity/policy')
    const compiled = compileTemplate(`name wide\nintent {\n}\nevidence {\n${Array.from({ length: 9 }, (_, i) => `  f${i}: int`).join('\n')}\n}\nrequires {\n  evidence.f0 == 1;\n}\n`)
    const evidence = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`f${i}`, 1n]))
    await assert.rejects(prover.provePolicy({ compiled, attrs: {}, evidence, intentId: 'i', circuit: 'policy_small' }), (error: unknown) =>
      error instanceof CircuitBoundsError && error.fields.circuit === 'policy_small')
  } finally {
    await prover.close()
  }
})

test('sealed-intent groundwork: a salted attrs commitment equals policyAttrsCommitment, hides nothing else, and verifies by attrs + salt or by the commitment alone', async () => {
  const { policyAttrsCommitment } = await import('./encodePolicyInputs.ts')
  const { randomFieldSalt } = await import('./provePolicy.ts')
  const prover = createProver({})
  try {
    const { compiled, attrs, evidence } = clothingCase()
    const intentId = '550e8400-e29b-41d4-a716-446655440009'
    const attrsSalt = randomFieldSalt()
    const artifact = await prover.provePolicy({ compiled, attrs, evidence, intentId, attrsSalt, circuit: 'policy_small' })
    const commitment = await policyAttrsCommitment({ circuit: 'policy_small', compiled, attrs, salt: attrsSalt })
    assert.equal(artifact.public_inputs[1], commitment, 'the circuit computes what the host function does')
    assert.notEqual(commitment, await policyAttrsCommitment({ circuit: 'policy_small', compiled, attrs }), 'salt 0 (open intents) gives another commitment')
    assert.deepEqual(await prover.verifyPolicy({ artifact, compiled, attrs, attrsSalt, evidence, intentId }), { ok: true })
    assert.deepEqual(await prover.verifyPolicy({ artifact, compiled, attrsCommitment: commitment, evidence, intentId }), { ok: true })
    const wrongSalt = await prover.verifyPolicy({ artifact, compiled, attrs, evidence, intentId })
    assert.match(!wrongSalt.ok ? wrongSalt.reason : '', /public input 1 \(attrs commitment\) does not match/)
    const wrongCommitment = await prover.verifyPolicy({ artifact, compiled, attrsCommitment: '0x01', evidence, intentId })
    assert.equal(wrongCommitment.ok, false)
    const notField = await prover.verifyPolicy({ artifact, compiled, attrsCommitment: 'nope', evidence, intentId })
    assert.match(!notField.ok ? notField.reason : '', /attrsCommitment must be a 0x-hex field element/)
  } finally {
    await prover.close()
  }
})
