import { G2_POINT_BYTES } from '../crs/crsFiles.ts'
import { IGNITION_G2_FILE_HEX } from '../crs/ignitionG2.ts'
import { VerifierSourceError } from './verifierErrors.ts'

/**
 * [x]₂ of Aztec's Ignition ceremony as the generated Solidity verifier's pairing check writes it:
 * EIP-197 order, the imaginary part of each coordinate first (x.c1, x.c0, y.c1, y.c0).
 */
export const IGNITION_G2_EIP197: readonly string[] = Object.freeze(g2FileToEip197(Buffer.from(IGNITION_G2_FILE_HEX, 'hex')))

/**
 * A CRS's G2 file (x.c0 ‖ x.c1 ‖ y.c0 ‖ y.c1, 32-byte big-endian each, as Barretenberg reads it)
 * in the verifier's EIP-197 order (x.c1, x.c0, y.c1, y.c0), as 0x hex words.
 */
export function g2FileToEip197(g2: Uint8Array): string[] {
  if (g2.length !== G2_POINT_BYTES) throw new VerifierSourceError({ reason: `a G2 point is ${G2_POINT_BYTES} bytes, got ${g2.length}` })
  const word = (i: number) => `0x${Buffer.from(g2.subarray(i * 32, i * 32 + 32)).toString('hex')}`
  return [word(1), word(0), word(3), word(2)]
}

/**
 * Checks that a generated verifier's pairing check uses Ignition's [x]₂: its four words appear
 * once each, in EIP-197 order, within one short block of the source. A verifier with another G2
 * point accepts proofs made over another setup, whose author may hold its secret and forge them;
 * a bb that writes the point differently fails here loudly instead of being deployed unchecked.
 */
export function checkVerifierG2(source: string): void {
  const at = IGNITION_G2_EIP197.map((word) => {
    const first = source.indexOf(word)
    if (first === -1 || source.indexOf(word, first + 1) !== -1)
      throw new VerifierSourceError({ reason: `the generated verifier does not hold Ignition's G2 word ${word} exactly once` })
    return first
  })
  const inOrder = at.every((position, i) => i === 0 || position > at[i - 1]!)
  if (!inOrder || at.at(-1)! - at[0]! > 400) throw new VerifierSourceError({ reason: "Ignition's G2 point is not one block of four words, in EIP-197 order, in the generated verifier" })
}
