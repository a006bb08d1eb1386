import { PROOF_SYSTEM_KECCAK, type ProofSystem } from '../ProofArtifact.ts'

/**
 * The proof system the Solidity verifier checks: zero-knowledge UltraHonk of Barretenberg 5 with
 * the Keccak transcript (bb's `evm` target). A domain settling on an EVM chain proves its SDLs in
 * it (createCircuitProver({ proofSystem: EVM_PROOF_SYSTEM })); the base layer's proofs use the
 * Poseidon2 transcript, which the EVM verifier cannot check (docs/settlement-evm.md).
 */
export const EVM_PROOF_SYSTEM: ProofSystem = PROOF_SYSTEM_KECCAK
