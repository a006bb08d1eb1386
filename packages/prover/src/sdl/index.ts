// The SDL part of @verity/prover (owned by the ledger engineer). Re-exports only.
export { StateTree, type StateTreeSnapshot } from './StateTree.ts'
export { sealSdl, buildSdlWitness, type SdlWitness, type SdlBatchWitness, type SdlDraft } from './buildSdlWitness.ts'
export { proveSdl, proveSdlBatch, SDL_CIRCUIT, SDL_BATCH_PROOFS_IN_FLIGHT_MAX } from './proveSdl.ts'
export { verifySdl, type VerifySdlParameters } from './verifySdl.ts'
export { sdlOpsHash, sdlHashLimbs } from './sdlOpsHash.ts'
export { cutSdlBatches, sdlBatchCount, type SdlBatch, type SdlBatchLeaf } from './sdlBatches.ts'
export { loadPoseidon2, fieldHex, FIELD_MODULUS, type Poseidon2 } from '../hash/poseidon2.ts'
export { SdlRuleError, SdlTreeRootMismatchError } from './sdlErrors.ts'
