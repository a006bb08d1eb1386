import { BarretenbergSync, Fr } from '@aztec/bb.js'

/** Poseidon2 over BN254 as Noir's std `Poseidon2::hash` computes it (bb.js's poseidon2Hash). */
export type Poseidon2 = { hash(inputs: readonly bigint[]): bigint }

let singleton: Promise<Poseidon2> | undefined

/**
 * The host's Poseidon2: bb.js's synchronous wasm instance (one per process, shared). The SDL
 * circuit hashes with Noir's std Poseidon2; tests check both give the same roots.
 */
export function loadPoseidon2(): Promise<Poseidon2> {
  return (singleton ??= BarretenbergSync.initSingleton(undefined, () => {}).then((api) => ({
    hash(inputs: readonly bigint[]): bigint {
      return BigInt(api.poseidon2Hash(inputs.map((x) => new Fr(x))).toString())
    },
  })))
}

/** The BN254 scalar field modulus: slot values are elements of this field. */
export const FIELD_MODULUS = Fr.MODULUS

/** 0x-prefixed 64-hex-digit form of a field element (roots in SDL content, public inputs). */
export function fieldHex(value: bigint): string {
  return `0x${value.toString(16).padStart(64, '0')}`
}
