// What the HTTP routes ask of the domain. `createDomain` (domain/createDomain.ts) implements it
// over the store, the ledger, the prover and the base layer; the routes know nothing else.
import type { SdlStateValue } from './sdl/SdlStateValue.ts'

export type ApplyResult = {
  /** how many transactions of the batch were applied (all of them: a batch is atomic) */
  applied: number
}

/** A mandate payment as GET /payments answers it. */
export type PaymentView = {
  intent_id: string
  /** null for a payment applied before the domain recorded digests */
  intent_digest: string | null
  evidence_digest: string | null
  payer: string
  debited: string
  credited: string
  token: string
  amount: bigint
  applied_at_ms: number
  sdl: { hash: string; state: SdlStateValue } | null
}

/** Which payments GET /payments lists: those of an intent id, exactly those of one signed intent (its digest), or the latest. */
export type PaymentsFilter = { intentId?: string; intentDigest?: string; limit: number }

export type ProveStart = {
  /** false when the SDL was already being proven or proven: nothing new was started */
  started: boolean
  state: SdlStateValue
}

export interface DomainApi {
  /** The local view of the vault of `ownerId` on this shard; throws VaultNotFoundError. */
  getVault(ownerId: string): Promise<unknown>
  /** The next nonce the vault accepts (1 for a vault never seen). */
  nextNonce(ownerId: string): Promise<bigint>
  /** Default-executes an ordered batch of `VerifiableType` JSON values, atomically. */
  execute(batch: readonly unknown[]): Promise<ApplyResult>
  /** Applies an ordered batch of `VerifiableWithDiffs` JSON values (caller-computed diffs), atomically. */
  submit(batch: readonly unknown[]): Promise<ApplyResult>
  /** `[hash, state]` pairs in creation order. */
  listSdls(offset: number, limit: number): Promise<Array<[string, SdlStateValue]>>
  /** Throws SdlNotFoundError. */
  getSdlState(hash: string): Promise<SdlStateValue>
  /** Bundles the pending diffs into a new SDL; null when nothing is pending. */
  submitSdl(): Promise<string | null>
  /** Queues the SDL for proving (in the background) with the optional guardrail input. */
  prove(hash: string, guardrailInput: Uint8Array | null): Promise<ProveStart>
  /** Submits the proven SDL to the base layer; returns the state it reached. */
  submitProof(hash: string): Promise<SdlStateValue>
  /** Mandate payments applied, newest first (GET /payments): of one intent, or the latest `limit`. */
  listPayments(query: PaymentsFilter): Promise<PaymentView[]>
}
