// The prover of the EVM bench: SDL proofs in the system the Solidity verifier checks (docs/settlement-evm.md).
import { createCircuitProver, EVM_PROOF_SYSTEM, type CircuitProver } from '@verity/prover'

export function createEvmBenchProver(): { prover: CircuitProver; proofSystem: string } {
  const prover = createCircuitProver({ workers: 1, proofSystem: EVM_PROOF_SYSTEM })
  return { prover, proofSystem: `${EVM_PROOF_SYSTEM}, ${prover.backend} bb` }
}
