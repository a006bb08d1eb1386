// The base58 (Bitcoin alphabet) decoder every signed request uses (keys, signatures, template
// ids): the digits are read four at a time into 24-bit limbs, so a 64-byte signature takes a few
// hundred float multiplications instead of the per-digit array rebuilding of a generic radix
// converter (issue 37: @scure/base's decode was a third of submitIntent's CPU, measured alone). The
// result is that of @scure/base's base58.decode, checked against it on random text (base58.test.ts).

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
/** Digit value of each ASCII code, -1 outside the alphabet. */
const DIGIT_OF_CODE = new Int8Array(128).fill(-1)
for (let digit = 0; digit < ALPHABET.length; digit++) DIGIT_OF_CODE[ALPHABET.charCodeAt(digit)] = digit

/** Limbs are base 2^24; digits are read 4 at a time (58^4 < 2^24), so limb · 58^4 + carry stays below 2^53 (exact in a double). */
const LIMB_BASE = 2 ** 24
/** 2^-24: multiplying by it is exact, and faster than dividing by LIMB_BASE. */
const LIMB_INVERSE = 2 ** -24
const DIGITS_PER_STEP = 4
/** The code of '1', the digit 0: each leading one is a leading zero byte. */
const ZERO_DIGIT_CODE = 0x31

/** Limbs of the value being decoded (a plain array of small integers, which V8 keeps unboxed; faster here than a Float64Array). */
let scratchLimbs: number[] = new Array<number>(32).fill(0)

/**
 * The bytes `text` spells in base58, or undefined when a character is outside the alphabet.
 * Leading '1's are leading zero bytes; '' is no bytes. Time is quadratic in the length (as any
 * base58), so callers bound the length first.
 */
export function decodeBase58Digits(text: string): Uint8Array | undefined {
  const length = text.length
  let leadingZeros = 0
  while (leadingZeros < length && text.charCodeAt(leadingZeros) === ZERO_DIGIT_CODE) leadingZeros++
  // log2(58) < 6 bits per digit: this many 24-bit limbs always hold the value. The limbs live in
  // one scratch array reused by every call (decoding never re-enters), so a decode allocates its
  // result only; only limbs below limbsUsed are read, so what an earlier call left is never seen.
  const limbsMax = Math.ceil(((length - leadingZeros) * 6) / 24) + 1
  if (scratchLimbs.length < limbsMax) scratchLimbs = new Array<number>(limbsMax).fill(0)
  const limbs = scratchLimbs
  let limbsUsed = 0
  for (let position = leadingZeros; position < length; ) {
    let chunk = 0
    let multiplier = 1
    const end = Math.min(position + DIGITS_PER_STEP, length)
    for (; position < end; position++) {
      const code = text.charCodeAt(position)
      const digit = code < 128 ? DIGIT_OF_CODE[code]! : -1
      if (digit < 0) return undefined
      chunk = chunk * 58 + digit
      multiplier *= 58
    }
    let carry = chunk
    for (let index = 0; index < limbsUsed; index++) {
      const product = limbs[index]! * multiplier + carry
      carry = Math.floor(product * LIMB_INVERSE)
      limbs[index] = product - carry * LIMB_BASE
    }
    while (carry > 0) {
      const high = Math.floor(carry * LIMB_INVERSE)
      limbs[limbsUsed++] = carry - high * LIMB_BASE
      carry = high
    }
  }
  // The value's big-endian bytes without leading zeros, after the leading zero bytes.
  let valueBytes = limbsUsed * 3
  const top = limbs[limbsUsed - 1] ?? 0
  if (limbsUsed > 0 && top < 2 ** 16) valueBytes -= top < 2 ** 8 ? 2 : 1
  const bytes = new Uint8Array(leadingZeros + valueBytes)
  let at = bytes.length
  for (let index = 0; index < limbsUsed; index++) {
    const limb = limbs[index]!
    if (at > leadingZeros) bytes[--at] = limb & 0xff
    if (at > leadingZeros) bytes[--at] = (limb >>> 8) & 0xff
    if (at > leadingZeros) bytes[--at] = limb >>> 16
  }
  return bytes
}
