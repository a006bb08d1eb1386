// The SDL circuit's generated verifier, for the dev CRS: its constants match the circuit, and its
// pairing check uses the dev CRS's [τ]₂ in place of Ignition's (no proof would verify otherwise;
// packages/settlement-evm's tests verify real proofs with it on a local EVM node).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { G2_FILE } from '../crs/crsFiles.ts'
import { DEV_CRS_DIR } from '../paths.ts'
import { SDL_CIRCUIT } from '../sdl/proveSdl.ts'
import { generateSolidityVerifier } from './generateSolidityVerifier.ts'
import { g2FileToEip197, IGNITION_G2_EIP197 } from './replaceVerifierG2.ts'

test("the SDL verifier for the dev CRS has the circuit's constants and the dev CRS's G2 point", async () => {
  const verifier = await generateSolidityVerifier({ circuit: SDL_CIRCUIT, crsPath: DEV_CRS_DIR })
  assert.equal(verifier.crs, 'dev')
  assert.equal(verifier.publicInputCount, 6, 'SDL hash limbs, batch index, root before, ops hash, root after')
  assert.ok(verifier.logN >= 10 && verifier.logN <= 20, `LOG_N ${verifier.logN}`)
  assert.match(verifier.source, /contract HonkVerifier /)
  for (const word of IGNITION_G2_EIP197) assert.ok(!verifier.source.includes(word), `Ignition's ${word} is still there`)
  for (const word of g2FileToEip197(readFileSync(join(DEV_CRS_DIR, G2_FILE)))) assert.ok(verifier.source.includes(`uint256(${word})`), `the dev CRS's ${word} is missing`)
})
