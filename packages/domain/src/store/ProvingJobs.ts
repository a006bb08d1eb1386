// The proving-job port: the proofs of SDLs in Proving, claimed from the database by proving
// workers (separate processes, possibly on other machines) under a lease, one part at a time, so
// that several workers share one SDL. The parts of an SDL are its batch proofs, then one finishing
// part (the guardrail proofs, and the SDL moved to Proven with every proof). Only PostgreSQL
// implements it (PostgresProvingJobs.ts); with SQLite the domain proves in its own process.
import type { SdlProvingJob } from '../sdl/SdlProver.ts'

/** What a claim covers: one batch proof of the SDL, or its finishing part (claimable once every batch proof is recorded). */
export type ProvingPart = { kind: 'batch'; batchIndex: number } | { kind: 'finish' }

/** One part of one SDL claimed by one worker until its lease runs out (the database's clock), unless renewed. */
export type ProvingClaim = {
  shard: number
  /** identifies this claim: a result is recorded only while the claim still holds */
  token: string
  /** the SDL's proving round: moving the SDL to Proving again (a re-prove) starts a new round, and the old round's claims hold no more */
  round: string
  part: ProvingPart
  job: SdlProvingJob
}

export interface ProvingJobs {
  /**
   * Claims, for `leaseMs`, the next part no live lease covers: of the oldest SDL in Proving first,
   * batches in index order; null when there is none. The first claim of a round creates its parts.
   */
  claim(leaseMs: number): Promise<ProvingClaim | null>
  /** Extends the claim's lease by `leaseMs` from now; false when the claim no longer holds (expired, or taken, or the SDL moved on). */
  renew(claim: ProvingClaim, leaseMs: number): Promise<boolean>
  /**
   * Records a batch claim's proof if the claim still holds (else nothing is written: `recorded` false).
   * When it was the SDL's last batch proof, the SDL's finishing part is claimed for the same worker
   * for `leaseMs` and returned as `finish`.
   */
  recordBatch(claim: ProvingClaim, artifact: unknown, leaseMs: number): Promise<{ recorded: boolean; finish: ProvingClaim | null }>
  /** With a finishing claim that still holds: moves the SDL to Proven with its batch proofs in batch order, then `guardrailArtifacts`; false when the claim no longer holds (nothing is written). */
  finish(claim: ProvingClaim, guardrailArtifacts: readonly unknown[]): Promise<boolean>
  /** With any claim that still holds: moves the SDL to ProvingFailed with `reason`; false when the claim no longer holds (nothing is written). */
  fail(claim: ProvingClaim, reason: string): Promise<boolean>
  /** Gives the part back at once (a worker stopping), so another worker may claim it. */
  release(claim: ProvingClaim): Promise<void>
  close(): Promise<void>
}
