import { bn254 } from '@noble/curves/bn254.js'
import { G1_COMPRESSED_POINT_BYTES, G1_POINT_BYTES } from './crsFiles.ts'

/**
 * Uncompressed G1 points (64 bytes each: x then y, big-endian) from Barretenberg's compressed
 * form (32 bytes: x big-endian, top bit set when y is odd): y = sqrt(x^3 + 3) with that parity.
 * Barretenberg's own decompression wants whole 4 MiB chunks, more than the 1 MiB prefix; the
 * result is checked against the uncompressed prefix's SHA-256 by the caller.
 */
export function decompressG1(compressed: Uint8Array): Uint8Array {
  const { Fp } = bn254.fields
  const count = compressed.length / G1_COMPRESSED_POINT_BYTES
  const out = new Uint8Array(count * G1_POINT_BYTES)
  for (let i = 0; i < count; i++) {
    const raw = compressed.slice(i * G1_COMPRESSED_POINT_BYTES, (i + 1) * G1_COMPRESSED_POINT_BYTES)
    const odd = (raw[0]! & 0x80) !== 0
    raw[0]! &= 0x7f
    const x = BigInt('0x' + Buffer.from(raw).toString('hex'))
    let y = Fp.sqrt(Fp.add(Fp.mul(Fp.mul(x, x), x), 3n))
    if ((y & 1n) !== (odd ? 1n : 0n)) y = Fp.neg(y)
    out.set(raw, i * G1_POINT_BYTES)
    out.set(Buffer.from(y.toString(16).padStart(64, '0'), 'hex'), i * G1_POINT_BYTES + 32)
  }
  return out
}
