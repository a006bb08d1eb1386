// Public API of @verity/prover. Re-exports only.
export { createCircuitProver, type CircuitProver, type ProverOptions } from './createProver.ts'
export type { ProofArtifact, VerifyResult } from './ProofArtifact.ts'
export { generateDevCrs, type GenerateDevCrsOptions } from './crs/generateDevCrs.ts'
export { ensureDevCrs } from './crs/ensureDevCrs.ts'
export { readCrs, type CrsDescription } from './crs/readCrs.ts'
export { DEV_CRS_WARNING, type DevCrsInfo } from './crs/crsFiles.ts'
export { loadCircuit, listCircuits } from './circuits/loadCircuit.ts'
export type { CompiledCircuit } from './circuits/CompiledCircuit.ts'
export { DEV_CRS_DIR, CIRCUITS_DIR, BUILD_DIR } from './paths.ts'
export {
  CircuitBoundsError,
  UnsupportedConstructError,
  ProverBusyError,
  ProofCancelledError,
  ProofRejectedError,
  DevCrsRefusedError,
  WitnessError,
  CrsError,
  CircuitCompileError,
  CircuitInputError,
} from './errors/proverErrors.ts'
export * as proverLimits from './limits.ts'
export * from './sdl/index.ts'
