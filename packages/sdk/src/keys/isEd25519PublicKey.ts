// Whether 32 bytes are the encoding of a point on Ed25519 (RFC 8032 §5.1.3 decoding). About half
// of all 32-byte strings are not; an owner id (a SHA-256 digest) that is not cannot be a key,
// which is how a mistyped `--agent OWNER_ID` is recognised without any key file at hand.

const P = 2n ** 255n - 19n
const D = mod(-121665n * inverse(121666n))

/** True when `bytes` (32) decode to an Ed25519 point, false otherwise (wrong length included). */
export function isEd25519PublicKey(bytes: Uint8Array): boolean {
  if (bytes.length !== 32) return false
  let y = 0n
  for (let i = 31; i >= 0; i--) y = (y << 8n) | BigInt(bytes[i]!)
  const sign = y >> 255n
  y &= (1n << 255n) - 1n
  if (y >= P) return false
  const y2 = mod(y * y)
  const x2 = mod((y2 - 1n) * inverse(mod(D * y2 + 1n)))
  if (x2 === 0n) return sign === 0n
  return power(x2, (P - 1n) / 2n) === 1n
}

function mod(value: bigint): bigint {
  const r = value % P
  return r < 0n ? r + P : r
}

function power(base: bigint, exponent: bigint): bigint {
  let result = 1n
  let b = mod(base)
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = mod(result * b)
    b = mod(b * b)
  }
  return result
}

function inverse(value: bigint): bigint {
  return power(value, P - 2n)
}
