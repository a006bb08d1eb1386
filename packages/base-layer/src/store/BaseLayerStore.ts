import type { HashDigest } from '@verity/core'
import type { StateDiff, Vault } from '@verity/ledger'

/** A native-token account funded at genesis; operators sign with its key. */
export type AccountRecord = {
  ownerId: HashDigest
  /** native balance, in plancks */
  balance: bigint
  /** the highest nonce of a signed operator request accepted so far (0 when none) */
  nonceLast: bigint
}

/** A domain agreement as stored: the shard, its operator and its guardrail programs. */
export type AgreementRecord = {
  shard: number
  /** base58 of the operator's 32-byte Ed25519 public key */
  operator: string
  operatorOwnerId: HashDigest
  /** hashes of the guardrail templates/circuits the domain's SDLs must be proven against */
  guardrailProgramIds: string[]
  createdAtMs: number
  activatesAtMs: number
}

/** The settlement position of a shard. A shard with no settled SDL has sequence 0. */
export type ShardRecord = {
  shard: number
  /** sequence of the last applied SDL (0 before the first) */
  sequence: bigint
  /** hash of the last applied SDL, null before the first */
  lastSdlHash: HashDigest | null
  /** finalized state root, null before the first SDL (the ledger's empty root applies) */
  root: string | null
  /** number of credits queued for this shard so far (ids 1..creditsQueued) */
  creditsQueued: bigint
  /** number of queued credits its SDLs have consumed (ids 1..creditsConsumed) */
  creditsConsumed: bigint
}

/** The outcome of an SDL submission, by SDL hash. */
export type SdlRecord =
  | { hash: HashDigest; shard: number; sequence: bigint; status: 'applied'; root: string; appliedAtMs: number }
  | { hash: HashDigest; shard: number; sequence: bigint; status: 'failed'; code: string; reason: string; failedAtMs: number }

/** A credit to a vault of `shard` produced by an SDL of `sourceShard`, waiting for `shard`'s domain. */
export type CreditRecord = {
  /** position in the shard's credit queue, from 1; the cursor of `pullCredits` */
  id: bigint
  shard: number
  sourceShard: number
  sourceSdlHash: HashDigest
  stateDiff: StateDiff
}

/**
 * Durable state of the base layer. Synchronous, because the settlement of one SDL must read and
 * write in one atomic transaction; `transaction(fn)` commits everything `fn` wrote or nothing.
 */
export interface BaseLayerStore {
  transaction<T>(fn: () => T): T
  getAccount(ownerId: HashDigest): AccountRecord | undefined
  putAccount(record: AccountRecord): void
  getAgreement(shard: number): AgreementRecord | undefined
  putAgreement(record: AgreementRecord): void
  /** the shard's record, or a fresh one (sequence 0) for a shard never seen */
  getShard(shard: number): ShardRecord
  putShard(record: ShardRecord): void
  getVault(address: string): Vault | undefined
  putVault(address: string, shard: number, vault: Vault): void
  /** the next nonce the vault at `address` accepts, or undefined for a vault that never signed */
  getNextNonce(address: string): bigint | undefined
  putNextNonce(address: string, nonce: bigint): void
  /** the slot keys of the shard's state tree, in index order (the ledger's SlotDirectory) */
  listSlotKeys(shard: number): bigint[]
  /** appends keys after the shard's existing ones */
  appendSlotKeys(shard: number, keys: readonly bigint[]): void
  getSdl(hash: HashDigest): SdlRecord | undefined
  putSdl(record: SdlRecord, content?: unknown): void
  /** appends credits to their shards' queues; returns them with their ids */
  appendCredits(credits: Omit<CreditRecord, 'id'>[]): CreditRecord[]
  /** credits of `shard` with id > `cursor`, oldest first, at most `limit` */
  listCredits(shard: number, cursor: bigint, limit: number): CreditRecord[]
  close(): void
}
