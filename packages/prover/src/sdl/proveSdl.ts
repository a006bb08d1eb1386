import type { CircuitProver } from '../createProver.ts'
import type { ProofArtifact } from '../ProofArtifact.ts'
import type { SdlWitness } from './buildSdlWitness.ts'

/** The circuit's folder under circuits/. */
export const SDL_CIRCUIT = 'sdl'

/**
 * Proves every batch of an SDL witness, in order: a chain of proofs where each batch starts at
 * the root the previous one returned. Throws WitnessError when a batch does not satisfy the
 * circuit (a broken law), ProofQueueFullError when the queue is full.
 */
export async function proveSdl(prover: CircuitProver, witness: SdlWitness, options: { signal?: AbortSignal } = {}): Promise<ProofArtifact[]> {
  const artifacts: ProofArtifact[] = []
  for (const batch of witness.batches) artifacts.push(await prover.proveCircuit(SDL_CIRCUIT, batch.inputs, options))
  return artifacts
}
