import { test } from 'node:test'
import assert from 'node:assert/strict'
import { checkVerifierG2, g2FileToEip197, IGNITION_G2_EIP197 } from './verifierG2.ts'
import { VerifierSourceError } from './verifierErrors.ts'

const pairing = (words: readonly string[]) => `{\n${words.map((w, i) => `  mstore(0x${(0x100 + i * 0x20).toString(16)}, ${w})`).join('\n')}\n}`
const word = (n: number) => `0x${Buffer.alloc(32, n).toString('hex')}`

test("a G2 file's words go in EIP-197 order (x.c1, x.c0, y.c1, y.c0)", () => {
  const g2 = Buffer.concat([1, 2, 3, 4].map((n) => Buffer.alloc(32, n)))
  assert.deepEqual(g2FileToEip197(g2), [word(2), word(1), word(4), word(3)])
  assert.throws(() => g2FileToEip197(new Uint8Array(64)), VerifierSourceError)
})

test("a verifier with Ignition's G2 point passes; another point, a missing word, a repeat or another order is refused", () => {
  checkVerifierG2(`head\n${pairing(IGNITION_G2_EIP197)}\ntail`)
  assert.throws(() => checkVerifierG2(pairing([word(2), word(1), word(4), word(3)])), VerifierSourceError)
  assert.throws(() => checkVerifierG2(pairing(IGNITION_G2_EIP197.slice(0, 3))), VerifierSourceError)
  assert.throws(() => checkVerifierG2(pairing(IGNITION_G2_EIP197) + pairing(IGNITION_G2_EIP197)), VerifierSourceError)
  assert.throws(() => checkVerifierG2(pairing([...IGNITION_G2_EIP197].reverse())), VerifierSourceError)
})
