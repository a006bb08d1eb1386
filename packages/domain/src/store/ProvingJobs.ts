// The proving-job port: SDLs in Proving, claimed from the database by proving workers (separate
// processes, possibly on other machines) under a lease. Only PostgreSQL implements it
// (PostgresProvingJobs.ts); with SQLite the domain proves in its own process.
import type { SdlProvingJob } from '../sdl/SdlProver.ts'
import type { SdlStateValue } from '../sdl/SdlStateValue.ts'

/** One SDL claimed by one worker until `leaseUntilMs` (the database's clock), unless renewed. */
export type ProvingClaim = {
  shard: number
  /** identifies this claim: a result is recorded only while the claim still holds */
  token: string
  job: SdlProvingJob
}

export interface ProvingJobs {
  /** Claims the oldest SDL in Proving that no live lease covers, for `leaseMs`; null when there is none. */
  claim(leaseMs: number): Promise<ProvingClaim | null>
  /** Extends the claim's lease by `leaseMs` from now; false when the claim no longer holds (expired and taken, or the SDL moved on). */
  renew(claim: ProvingClaim, leaseMs: number): Promise<boolean>
  /** Records the outcome (Proven with its proof, or ProvingFailed) if the claim still holds; false when it does not (nothing is written). */
  complete(claim: ProvingClaim, outcome: { state: SdlStateValue; proof: unknown }): Promise<boolean>
  /** Gives the SDL back at once (a worker stopping), so another worker may claim it. */
  release(claim: ProvingClaim): Promise<void>
  close(): Promise<void>
}
