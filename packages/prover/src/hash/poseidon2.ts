import { BackendType, BarretenbergSync, BN254_FR_MODULUS } from '@aztec/bb.js'
import { BB_WASM_PATH } from '../backend/bbWasmPath.ts'

/** Poseidon2 over BN254 as the circuits' sponge computes it (circuits/poseidon2; Barretenberg's poseidon2Hash). */
export type Poseidon2 = { hash(inputs: readonly bigint[]): bigint }

// One synchronous Barretenberg (wasm: no process or socket behind it, hashing only, no CRS) per
// process, shared by the policy encoder and the SDL state tree.
let singleton: Promise<Poseidon2> | undefined

/**
 * The host's Poseidon2, loaded once per process. The policy and SDL circuits hash with the same
 * sponge (circuits/poseidon2); tests check the host and the circuits agree.
 */
export function loadPoseidon2(): Promise<Poseidon2> {
  return (singleton ??= BarretenbergSync.new({ backend: BackendType.Wasm, ...(BB_WASM_PATH === undefined ? {} : { wasmPath: BB_WASM_PATH }) }).then((api) => ({
    hash(inputs: readonly bigint[]): bigint {
      const { hash } = api.poseidon2Hash({ inputs: inputs.map(fieldBytes) })
      return BigInt('0x' + bytesHex(hash))
    },
  })))
}

/**
 * Poseidon2 hash of field elements, as the circuits' `Poseidon2::hash(input, len)` computes it.
 */
export async function poseidon2Hash(values: readonly bigint[]): Promise<bigint> {
  return (await loadPoseidon2()).hash(values)
}

/** The BN254 scalar field modulus: slot values are elements of this field. */
export const FIELD_MODULUS: bigint = BN254_FR_MODULUS

/** 0x-prefixed 64-hex-digit form of a field element (roots in SDL content, public inputs). */
export function fieldHex(value: bigint): string {
  return `0x${value.toString(16).padStart(64, '0')}`
}

function fieldBytes(value: bigint): Uint8Array {
  if (value < 0n || value >= FIELD_MODULUS) throw new RangeError('poseidon2: input is not a field element')
  const hex = value.toString(16).padStart(64, '0')
  const out = new Uint8Array(32)
  for (let i = 0; i < 32; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16)
  return out
}

function bytesHex(bytes: Uint8Array): string {
  let hex = ''
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0')
  return hex
}
