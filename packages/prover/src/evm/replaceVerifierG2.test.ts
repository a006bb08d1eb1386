import { test } from 'node:test'
import assert from 'node:assert/strict'
import { g2FileToEip197, IGNITION_G2_EIP197, replaceVerifierG2 } from './replaceVerifierG2.ts'
import { VerifierSourceError } from './verifierErrors.ts'

const pairing = (words: readonly string[]) => `input = abi.encodePacked(lhs.x, lhs.y,\n${words.map((w) => `  uint256(${w}),`).join('\n')}\n);`
// A G2 file's words in bb.js order x.c0, x.c1, y.c0, y.c1.
const g2 = Buffer.concat([1, 2, 3, 4].map((n) => Buffer.alloc(32, n)))
const word = (n: number) => `0x${Buffer.alloc(32, n).toString('hex')}`

test('the dev CRS G2 point replaces Ignition\'s in EIP-197 order (x.c1, x.c0, y.c1, y.c0)', () => {
  assert.deepEqual(g2FileToEip197(g2), [word(2), word(1), word(4), word(3)])
  const replaced = replaceVerifierG2(`head\n${pairing(IGNITION_G2_EIP197)}\ntail`, g2)
  assert.equal(replaced, `head\n${pairing([word(2), word(1), word(4), word(3)])}\ntail`)
  for (const ignition of IGNITION_G2_EIP197) assert.ok(!replaced.includes(ignition))
})

test('a verifier without Ignition\'s point, or with it twice, is refused rather than left unpatched', () => {
  assert.throws(() => replaceVerifierG2('contract X {}', g2), VerifierSourceError)
  assert.throws(() => replaceVerifierG2(pairing(IGNITION_G2_EIP197) + pairing(IGNITION_G2_EIP197), g2), VerifierSourceError)
  assert.throws(() => g2FileToEip197(new Uint8Array(64)), VerifierSourceError)
})
