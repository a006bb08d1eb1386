import type { CompiledCircuit as NoirProgram } from '@noir-lang/noir_js'

/** A compiled circuit as cached under build/circuits/<name>.json. */
export type CompiledCircuit = {
  /** Folder name under circuits/. */
  name: string
  /** SHA-256 (hex) of the Noir sources and compiler version: the build cache key. */
  sourceHash: string
  /** SHA-256 (hex) of the ACIR bytecode: what an artifact's `circuit_hash` names. */
  circuitHash: string
  noirVersion: string
  /** noir_js input: base64 gzipped ACIR bytecode and the ABI. */
  program: NoirProgram
}
