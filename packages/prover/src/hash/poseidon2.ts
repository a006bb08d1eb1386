import { BarretenbergSync, Fr } from '@aztec/bb.js'
import { BB_WASM_PATH } from '../backend/bbWasmPath.ts'

/** Poseidon2 over BN254 as Noir's std `Poseidon2::hash` computes it (bb.js's poseidon2Hash). */
export type Poseidon2 = { hash(inputs: readonly bigint[]): bigint }

// One bb.js synchronous wasm instance per process, shared by the policy encoder and the SDL state
// tree: each instance costs its own wasm memory and start-up time.
let singleton: Promise<Poseidon2> | undefined

/**
 * The host's Poseidon2, loaded once per process. The policy and SDL circuits hash with Noir's std
 * Poseidon2; tests check the host and the circuits agree.
 */
export function loadPoseidon2(): Promise<Poseidon2> {
  return (singleton ??= BarretenbergSync.initSingleton(BB_WASM_PATH, () => {}).then((api) => ({
    hash(inputs: readonly bigint[]): bigint {
      return BigInt(api.poseidon2Hash(inputs.map((x) => new Fr(x))).toString())
    },
  })))
}

/**
 * Poseidon2 hash of field elements, as Noir's `std::hash::poseidon2::Poseidon2::hash(input, len)`
 * computes it in the circuit.
 */
export async function poseidon2Hash(values: readonly bigint[]): Promise<bigint> {
  return (await loadPoseidon2()).hash(values)
}

/** The BN254 scalar field modulus: slot values are elements of this field. */
export const FIELD_MODULUS = Fr.MODULUS

/** 0x-prefixed 64-hex-digit form of a field element (roots in SDL content, public inputs). */
export function fieldHex(value: bigint): string {
  return `0x${value.toString(16).padStart(64, '0')}`
}
