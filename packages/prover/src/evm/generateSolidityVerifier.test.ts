// The SDL circuit's generated verifier: bb 5's optimized verifier for Keccak, zero-knowledge
// proofs over Ignition's CRS, with the circuit's constants (packages/settlement-evm's tests deploy
// it on a local EVM node and verify real proofs with it).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { SDL_CIRCUIT } from '../sdl/proveSdl.ts'
import { generateSolidityVerifier, verifierConstants } from './generateSolidityVerifier.ts'
import { EVM_PROOF_SYSTEM } from './evmProofSystem.ts'
import { IGNITION_G2_EIP197 } from './verifierG2.ts'
import { VerifierSourceError } from './verifierErrors.ts'

test("the SDL verifier has the circuit's constants, Ignition's G2 point and checks EVM_PROOF_SYSTEM proofs", async () => {
  const verifier = await generateSolidityVerifier({ circuit: SDL_CIRCUIT })
  assert.equal(verifier.crs, 'ignition')
  assert.equal(verifier.system, EVM_PROOF_SYSTEM)
  assert.equal(verifier.publicInputCount, 6, 'SDL hash limbs, batch index, root before, ops hash, root after')
  assert.ok(verifier.logN >= 10 && verifier.logN <= 15, `LOG_N ${verifier.logN}: the Ignition prefix serves 2^15 rows at most`)
  assert.match(verifier.source, /contract HonkVerifier /)
  for (const word of IGNITION_G2_EIP197) assert.ok(verifier.source.includes(word), `Ignition's ${word} is missing`)
})

test('verifier constants: the optimized and the reference layouts; inconsistent or missing constants are refused', () => {
  assert.deepEqual(verifierConstants('uint256 constant LOG_N = 15;\nuint256 constant NUMBER_PUBLIC_INPUTS = 14;\nuint256 constant REAL_NUMBER_PUBLIC_INPUTS = 6;'), { logN: 15, publicInputCount: 6 })
  assert.deepEqual(verifierConstants('uint256 constant LOG_N = 14;\nuint256 constant NUMBER_OF_PUBLIC_INPUTS = 14;'), { logN: 14, publicInputCount: 6 })
  assert.throws(() => verifierConstants('uint256 constant LOG_N = 15;\nuint256 constant NUMBER_PUBLIC_INPUTS = 14;\nuint256 constant REAL_NUMBER_PUBLIC_INPUTS = 7;'), VerifierSourceError)
  assert.throws(() => verifierConstants('contract HonkVerifier {}'), VerifierSourceError)
})

test('without the native bb (wasm asked for), a verifier not generated yet is refused with the reason, not replaced by the reference one', async () => {
  await assert.rejects(generateSolidityVerifier({ circuit: 'selftest', backend: 'wasm' }), (error: unknown) => error instanceof VerifierSourceError && /native bb only \(wasm requested\)/.test(error.message))
})
