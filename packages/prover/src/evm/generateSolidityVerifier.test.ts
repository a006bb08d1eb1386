// The SDL circuit's generated verifier for Ignition's CRS: its constants match the circuit, and its
// pairing check uses Ignition's [x]₂ as generated (packages/settlement-evm's tests verify real
// proofs with it on a local EVM node).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { SDL_CIRCUIT } from '../sdl/proveSdl.ts'
import { generateSolidityVerifier } from './generateSolidityVerifier.ts'
import { IGNITION_G2_EIP197 } from './replaceVerifierG2.ts'

test("the SDL verifier has the circuit's constants and Ignition's G2 point", async () => {
  const verifier = await generateSolidityVerifier({ circuit: SDL_CIRCUIT })
  assert.equal(verifier.crs, 'ignition')
  assert.equal(verifier.publicInputCount, 6, 'SDL hash limbs, batch index, root before, ops hash, root after')
  assert.ok(verifier.logN >= 10 && verifier.logN <= 15, `LOG_N ${verifier.logN}`)
  assert.match(verifier.source, /contract HonkVerifier /)
  for (const word of IGNITION_G2_EIP197) assert.ok(verifier.source.includes(word), `Ignition's ${word} is missing`)
})
