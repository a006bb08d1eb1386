// The EVM part of @verity/prover: Solidity verifiers for Keccak-transcript UltraHonk proofs. Re-exports only.
export { generateSolidityVerifier, verifierConstants, type SolidityVerifier } from './generateSolidityVerifier.ts'
export { replaceVerifierG2, g2FileToEip197, IGNITION_G2_EIP197 } from './replaceVerifierG2.ts'
export { VerifierSourceError } from './verifierErrors.ts'
