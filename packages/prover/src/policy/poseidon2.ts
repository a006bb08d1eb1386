import { BarretenbergSync, Fr } from '@aztec/bb.js'
import { BB_WASM_PATH } from '../backend/bbWasmPath.ts'

let instance: Promise<BarretenbergSync> | undefined

/**
 * Poseidon2 hash of field elements, as Noir's `std::hash::poseidon2::Poseidon2::hash(input, len)`
 * computes it in the circuit (bb.js's poseidon2_hash; a test checks they agree).
 */
export async function poseidon2Hash(values: readonly bigint[]): Promise<bigint> {
  instance ??= BarretenbergSync.initSingleton(BB_WASM_PATH, () => {})
  const api = await instance
  const out = api.poseidon2Hash(values.map((value) => new Fr(value)))
  return BigInt('0x' + Buffer.from(out.value).toString('hex'))
}
