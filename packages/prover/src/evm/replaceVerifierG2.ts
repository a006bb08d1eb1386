import { G2_POINT_BYTES } from '../crs/crsFiles.ts'
import { IGNITION_G2_FILE_HEX } from '../crs/ignitionG2.ts'
import { VerifierSourceError } from './verifierErrors.ts'

/**
 * [x]₂ of Aztec's Ignition ceremony as the generated Solidity verifier's pairing check writes it:
 * EIP-197 order, the imaginary part of each coordinate first (x.c1, x.c0, y.c1, y.c0).
 */
export const IGNITION_G2_EIP197: readonly string[] = Object.freeze(g2FileToEip197(Buffer.from(IGNITION_G2_FILE_HEX, 'hex')))

/**
 * A CRS's G2 file (x.c0 ‖ x.c1 ‖ y.c0 ‖ y.c1, 32-byte big-endian each, as bb.js reads it) in the
 * verifier's EIP-197 order (x.c1, x.c0, y.c1, y.c0), as 0x hex words.
 */
export function g2FileToEip197(g2: Uint8Array): string[] {
  if (g2.length !== G2_POINT_BYTES) throw new VerifierSourceError({ reason: `a G2 point is ${G2_POINT_BYTES} bytes, got ${g2.length}` })
  const word = (i: number) => `0x${Buffer.from(g2.subarray(i * 32, i * 32 + 32)).toString('hex')}`
  return [word(1), word(0), word(3), word(2)]
}

/**
 * Replaces Ignition's [x]₂ in a generated verifier with another CRS's (the dev CRS): the verifier's
 * pairing check must use the [τ]₂ of the CRS the verification key and proofs were made with, or no
 * proof verifies. Throws VerifierSourceError unless the Ignition point appears exactly once, so a
 * new bb.js that writes the point differently fails loudly instead of emitting a broken verifier.
 */
export function replaceVerifierG2(source: string, g2: Uint8Array): string {
  const words = g2FileToEip197(g2)
  const lines = IGNITION_G2_EIP197.map((word) => `uint256(${word})`)
  const [first, , , last] = lines as [string, string, string, string]
  const at = source.indexOf(first)
  if (at === -1 || source.indexOf(first, at + 1) !== -1)
    throw new VerifierSourceError({ reason: "the generated verifier does not contain Ignition's G2 point exactly once" })
  // The four words follow each other in the pairing input; replace them as one block.
  const end = source.indexOf(last, at)
  const block = source.slice(at, end + last.length)
  if (end === -1 || !lines.every((line) => block.includes(line)) || block.length > 400)
    throw new VerifierSourceError({ reason: "Ignition's G2 point is not one block of four words in the generated verifier" })
  let replaced = block
  lines.forEach((line, i) => (replaced = replaced.replace(line, `uint256(${words[i]!})`)))
  return source.slice(0, at) + replaced + source.slice(end + last.length)
}
