import { EVM_PROOF_SYSTEM, PROOF_SYSTEM, type ProofSystem } from '@verity/prover'
import type { DomainConfig } from '../config/DomainConfig.ts'

/**
 * The proofs the configured settlement target verifies: the base layer checks Poseidon2-transcript
 * zero-knowledge UltraHonk proofs, the EVM verifier Keccak-transcript ones (EVM_PROOF_SYSTEM, what bb's
 * Solidity verifier checks).
 */
export function settlementProofSystem(config: Pick<DomainConfig, 'settlement'>): ProofSystem {
  return config.settlement?.kind === 'evm' ? EVM_PROOF_SYSTEM : PROOF_SYSTEM
}
