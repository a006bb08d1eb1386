// The proving port of a proving worker: an SDL's proofs in the parts that workers share. Each
// batch proof is claimed and proven on its own (by any worker); the worker that completes the
// batches proves the guardrail proofs, which are few. `createSdlProver` implements it.
import type { SdlProvingJob } from '../sdl/SdlProver.ts'

export interface SdlBatchProver {
  /** Throws (a typed error, the SDL's ProvingFailed reason) when a transaction fails a guardrail with the prove-time intent: checked before any proof is spent. */
  checkGuardrails(job: SdlProvingJob): void
  /** The proof of batch `batchIndex` of the SDL's witness; throws WitnessError when the batch does not satisfy the circuit, SdlWitnessFormatUnsupportedError when the witness is for another circuit input layout. */
  proveBatch(job: SdlProvingJob, batchIndex: number): Promise<unknown>
  /** The guardrail proofs (one per transaction per guardrail, in that order), which follow the batch proofs in the SDL's proof. */
  proveGuardrails(job: SdlProvingJob): Promise<unknown[]>
  /** Closes the prover; a proof under way fails. */
  close(): Promise<void>
}
