import { PROOF_SYSTEM, PROOF_SYSTEM_KECCAK, type ProofSystem } from '@verity/prover'
import type { DomainConfig } from '../config/DomainConfig.ts'

/**
 * The proofs the configured settlement target verifies: the base layer checks Poseidon2-transcript
 * zero-knowledge UltraHonk proofs, the EVM verifier Keccak-transcript ones (bb's Solidity verifier).
 */
export function settlementProofSystem(config: Pick<DomainConfig, 'settlement'>): ProofSystem {
  return config.settlement?.kind === 'evm' ? PROOF_SYSTEM_KECCAK : PROOF_SYSTEM
}
