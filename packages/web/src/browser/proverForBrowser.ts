// @verity/prover for the page: the parts a verifier of policy proofs uses (the salt bound to an
// attestation, the public-input recomputation and verifyPolicy, the artifact shape check). The
// prover's entry also starts worker threads and reads files, which a page cannot. Vite aliases
// `@verity/prover` here (vite.config.ts).
export { attestationSalt, ATTESTATION_SALT_TAG, ATTESTATION_SALT_NONCE_BYTES } from '../../../prover/src/policy/attestationSalt.ts'
export { verifyPolicy, POLICY_CIRCUIT, type VerifyPolicyParameters } from '../../../prover/src/policy/provePolicy.ts'
export { LEGACY_PROOF_SYSTEMS, PROOF_SYSTEM, PROOF_SYSTEM_KECCAK, type ProofArtifact, type VerifyResult } from '../../../prover/src/ProofArtifact.ts'
export type { Prover } from '../../../prover/src/createProver.ts'
export type { CircuitProver } from '../../../prover/src/createCircuitProver.ts'
// The state tree's hash, for checking a finalized vault's Merkle paths (the SDK's verifyFinalizedVault).
export { loadPoseidon2, fieldHex, FIELD_MODULUS, type Poseidon2 } from '../../../prover/src/hash/poseidon2.ts'
// Sealed intents: the wallet commits to the attrs in the page (docs/protocol.md, "Sealed intents").
export { sealedAttrsCommitments, sealedAttrsSalt, type SealedCommitments } from '../../../prover/src/policy/sealedAttrs.ts'
export { fieldHex as policyFieldHex } from '../../../prover/src/policy/encodeValue.ts'
