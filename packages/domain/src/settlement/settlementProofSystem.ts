import type { ProofSystem } from '@verity/prover'
import type { DomainConfig } from '../config/DomainConfig.ts'

/**
 * The proofs the configured settlement target verifies: the base layer checks Poseidon-transcript
 * UltraHonk proofs, the EVM verifier Keccak-transcript ones (bb.js's Solidity verifier).
 */
export function settlementProofSystem(config: Pick<DomainConfig, 'settlement'>): ProofSystem {
  return config.settlement?.kind === 'evm' ? 'ultrahonk-keccak' : 'ultrahonk'
}
