import type { CircuitProver } from '../createCircuitProver.ts'
import type { ProofArtifact } from '../ProofArtifact.ts'
import type { SdlWitness } from './buildSdlWitness.ts'

/** The circuit's folder under circuits/. */
export const SDL_CIRCUIT = 'sdl'

/**
 * Batch proofs of one SDL handed to the prover at once: enough to keep PROVER_WORKERS_MAX workers
 * busy, and well under the prover's queue bound (PROOF_QUEUE_MAX_DEFAULT), which an SDL of
 * hundreds of batches would otherwise fill.
 */
export const SDL_BATCH_PROOFS_IN_FLIGHT_MAX = 16

/**
 * Proves one batch of an SDL witness (a proving worker's share of an SDL): its artifact, whose
 * public inputs name the batch. Throws WitnessError when the batch does not satisfy the circuit,
 * RangeError when the witness has no such batch.
 */
export async function proveSdlBatch(prover: CircuitProver, witness: SdlWitness, batchIndex: number, options: { signal?: AbortSignal } = {}): Promise<ProofArtifact> {
  const batch = witness.batches[batchIndex]
  if (batch === undefined) throw new RangeError(`the SDL witness has ${witness.batches.length} batches, not a batch ${batchIndex}`)
  return prover.proveCircuit(SDL_CIRCUIT, batch.inputs, options)
}

/**
 * Proves every batch of an SDL witness. The batches chain (each starts at the root the previous
 * one returns) but their witnesses are all known, so they are proven in parallel on the prover's
 * workers, at most SDL_BATCH_PROOFS_IN_FLIGHT_MAX at a time; the artifacts come back in batch
 * order. Throws WitnessError when a batch does not satisfy the circuit (a broken law),
 * ProofQueueFullError when the queue is full; the first failure stops the rest.
 */
export async function proveSdl(prover: CircuitProver, witness: SdlWitness, options: { signal?: AbortSignal } = {}): Promise<ProofArtifact[]> {
  const artifacts: ProofArtifact[] = new Array(witness.batches.length)
  let next = 0
  let failed = false
  const lane = async (): Promise<void> => {
    while (!failed && next < witness.batches.length) {
      const batchIndex = next++
      try {
        artifacts[batchIndex] = await proveSdlBatch(prover, witness, batchIndex, options)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  const lanes = Math.min(SDL_BATCH_PROOFS_IN_FLIGHT_MAX, witness.batches.length)
  await Promise.all(Array.from({ length: lanes }, lane))
  return artifacts
}
