// The EVM part of @verity/prover: the proof system EVM verifiers check and their Solidity source. Re-exports only.
export { EVM_PROOF_SYSTEM } from './evmProofSystem.ts'
export { generateSolidityVerifier, verifierConstants, verifierVkHash, PAIRING_POINTS_SIZE, BB_VERSION, type SolidityVerifier } from './generateSolidityVerifier.ts'
export { checkVerifierG2, g2FileToEip197, IGNITION_G2_EIP197 } from './verifierG2.ts'
export { VerifierSourceError } from './verifierErrors.ts'
