// Public API of @verity/prover. Re-exports only.
export { createProver, type Prover } from './createProver.ts'
export { createCircuitProver, type CircuitProver, type ProverOptions } from './createCircuitProver.ts'
export { provePolicy, verifyPolicy, randomSalt, randomFieldSalt, POLICY_CIRCUIT, type ProvePolicyParameters, type VerifyPolicyParameters } from './policy/provePolicy.ts'
export { attestationSalt, newAttestationSaltNonce, ATTESTATION_SALT_TAG, ATTESTATION_SALT_NONCE_BYTES } from './policy/attestationSalt.ts'
export { encodePolicyInputs, policyPublicInputs, policyPublicInputsForCommitment, policyAttrsCommitment, policyTemplateHash, type EncodedPolicyInputs, type PolicyPublicInputs } from './policy/encodePolicyInputs.ts'
export { assertTemplateFitsCircuit, compilePolicyProgram } from './policy/compilePolicyProgram.ts'
export { assertSetsFitCircuit, choosePolicyTier, type PolicyTierValues } from './policy/choosePolicyTier.ts'
export { POLICY_CIRCUITS, POLICY_TIERS, POLICY_TIER_SMALL, POLICY_TIER_MEDIUM, POLICY_TIER_UNIVERSAL, policyTierOf, type PolicyTier, type PolicyCircuitName } from './policy/policyTiers.ts'
export { policyCircuitHashes } from './policy/policyCircuitHashes.ts'
export { sealedAttrsCommitments, sealedAttrsSalt, type SealedCommitments } from './policy/sealedAttrs.ts'
export type { PolicyProgram, PolicyItem, FieldSlot } from './policy/PolicyProgram.ts'
export { encodeString, encodeInt, encodeBool, fieldHex as policyFieldHex, SET_SENTINEL } from './policy/encodeValue.ts'
export { poseidon2Hash } from './hash/poseidon2.ts'
export { PROOF_SYSTEM, PROOF_SYSTEM_KECCAK, LEGACY_PROOF_SYSTEMS, type ProofArtifact, type ProofSystem, type VerifyResult } from './ProofArtifact.ts'
export { readCrs, readIgnitionBytes, IGNITION_PREFIX_POINTS, IGNITION_CIRCUIT_SIZE_MAX, IGNITION_G1_SHA256, IGNITION_G1_COMPRESSED_SHA256, IGNITION_G2_SHA256, type CrsDescription } from './crs/ignitionCrs.ts'
export { resolveBackend, type BackendKind, type BackendChoice } from './backend/openBarretenberg.ts'
export { loadCircuit, listCircuits } from './circuits/loadCircuit.ts'
export type { CompiledCircuit } from './circuits/CompiledCircuit.ts'
export { IGNITION_CRS_DIR, CIRCUITS_DIR, BUILD_DIR } from './paths.ts'
export {
  CircuitBoundsError,
  UnsupportedConstructError,
  ProofQueueFullError,
  ProofCancelledError,
  ProofRejectedError,
  WitnessError,
  CrsError,
  CircuitCompileError,
  CircuitInputError,
  DataDirProofSystemError,
} from './errors/proverErrors.ts'
export { claimDataDirProofSystem, dataDirProofSystemState, PROOF_SYSTEM_MARKER_FILE, UNMARKED_DATA_DIR_PROOF_SYSTEM, writeProofSystemMarker, type DataDirProofSystemState } from './dataDirProofSystem.ts'
export * as proverLimits from './limits.ts'
export * from './sdl/index.ts'
export { SDL_WITNESS_FORMAT } from './sdl/buildSdlWitness.ts'
export * from './evm/index.ts'
