import { createCircuitProver, type CircuitProver, type ProverOptions } from './createCircuitProver.ts'
import type { ProofArtifact, VerifyResult } from './ProofArtifact.ts'
import { provePolicy, verifyPolicy, type ProvePolicyParameters, type VerifyPolicyParameters } from './policy/provePolicy.ts'
import { POLICY_CIRCUITS } from './policy/policyTiers.ts'
import { policyWarmUpInputs } from './policy/policyWarmUpInputs.ts'
import { proveSdl } from './sdl/proveSdl.ts'
import { verifySdl, type VerifySdlParameters } from './sdl/verifySdl.ts'
import type { SdlWitness } from './sdl/buildSdlWitness.ts'

/** The prover services use: the generic circuit prover plus the policy and SDL proofs. */
export type Prover = CircuitProver & {
  provePolicy(params: ProvePolicyParameters): Promise<ProofArtifact>
  verifyPolicy(params: VerifyPolicyParameters): Promise<VerifyResult>
  proveSdl(witness: SdlWitness, options?: { signal?: AbortSignal }): Promise<ProofArtifact[]>
  verifySdl(params: VerifySdlParameters): Promise<VerifyResult>
  /**
   * Warms every worker for every policy tier: bb.js, the CRS points, each tier's circuit and key,
   * and one throw-away proof per tier, so the first proposal after a start proves at steady-state speed.
   */
  warmUpPolicy(): Promise<void>
}

/**
 * Creates a Prover: worker threads running bb.js over the compiled circuits, a bounded queue
 * (ProofQueueFullError when full), cancellation by AbortSignal, verification keys cached per circuit.
 * @example const prover = createProver({ production: false }); const artifact = await prover.provePolicy({ compiled, attrs, evidence, intentId })
 */
export function createProver(options: ProverOptions = {}): Prover {
  const circuits = createCircuitProver(options)
  return {
    crs: circuits.crs,
    backend: circuits.backend,
    backendReason: circuits.backendReason,
    proveCircuit: circuits.proveCircuit,
    verifyCircuit: circuits.verifyCircuit,
    executeCircuit: circuits.executeCircuit,
    circuitSize: circuits.circuitSize,
    verificationKey: circuits.verificationKey,
    warmUp: circuits.warmUp,
    close: circuits.close,
    provePolicy: (params) => provePolicy(circuits, params),
    verifyPolicy: (params) => verifyPolicy(circuits, params),
    proveSdl: (witness, sdlOptions) => proveSdl(circuits, witness, sdlOptions),
    verifySdl: (params) => verifySdl(circuits, params),
    // Largest tier first: each worker ends on the smallest, the tier most templates prove on.
    warmUpPolicy: async () => circuits.warmUp([...POLICY_CIRCUITS].reverse(), { proofInputs: await policyWarmUpInputs() }),
  }
}
