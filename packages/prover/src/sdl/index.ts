// The SDL part of @verity/prover (owned by the ledger engineer). Re-exports only.
export { StateTree, type StateTreeSnapshot } from './StateTree.ts'
export { sealSdl, buildSdlWitness, type SdlWitness, type SdlBatchWitness, type SdlDraft } from './buildSdlWitness.ts'
export { proveSdl, SDL_CIRCUIT } from './proveSdl.ts'
export { verifySdl, type VerifySdlParameters } from './verifySdl.ts'
export { sdlOpsHash, sdlHashLimbs, batchOps } from './sdlOpsHash.ts'
export { loadPoseidon2, fieldHex, FIELD_MODULUS, type Poseidon2 } from './poseidon2.ts'
export { SdlRuleError, SdlTreeRootMismatchError } from './sdlErrors.ts'
