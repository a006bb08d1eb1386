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
  /** the declared guardrail templates (id, base64url compiled bytes), in proof order; absent: none */
  guardrails?: { templateId: string; template: string }[]
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

/** An intent that paid: its spent-set key, and the SDL that settled the payment. */
export type SpentMandateRecord = { key: string; shard: number; sdlHash: HashDigest; intentId: string }

/** What a store can read, inside a transaction or outside one. */
export interface BaseLayerReads {
  getAccount(ownerId: HashDigest): Promise<AccountRecord | undefined>
  getAgreement(shard: number): Promise<AgreementRecord | undefined>
  /** the shard's record, or a fresh one (sequence 0) for a shard never seen */
  getShard(shard: number): Promise<ShardRecord>
  getVault(address: string): Promise<Vault | undefined>
  /** the vaults that exist among `addresses`, by address */
  getVaults(addresses: readonly string[]): Promise<Map<string, Vault>>
  /** the next nonce the vault at `address` accepts, or undefined for a vault that never signed */
  getNextNonce(address: string): Promise<bigint | undefined>
  /** the next nonces of those of `addresses` that ever signed, by address */
  getNextNonces(addresses: readonly string[]): Promise<Map<string, bigint>>
  /** the slot keys of the shard's state tree, in index order (the ledger's SlotDirectory) */
  listSlotKeys(shard: number): Promise<bigint[]>
  getSdl(hash: HashDigest): Promise<SdlRecord | undefined>
  /** credits of `shard` with id > `cursor`, oldest first, at most `limit` */
  listCredits(shard: number, cursor: bigint, limit: number): Promise<CreditRecord[]>
  /** the keys among `keys` in the spent set of mandate payments (the ledger's mandateKey) */
  getSpentMandates(keys: readonly string[]): Promise<Set<string>>
}

/** Reads and writes inside one transaction: everything written commits together or not at all. */
export interface BaseLayerTransaction extends BaseLayerReads {
  putAccount(record: AccountRecord): Promise<void>
  putAgreement(record: AgreementRecord): Promise<void>
  putShard(record: ShardRecord): Promise<void>
  putVault(address: string, shard: number, vault: Vault): Promise<void>
  putNextNonce(address: string, nonce: bigint): Promise<void>
  /** appends keys after the shard's existing ones */
  appendSlotKeys(shard: number, keys: readonly bigint[]): Promise<void>
  /** writes the outcome of an SDL; `content`, when given, replaces the content kept (else the stored one stays) */
  putSdl(record: SdlRecord, content?: unknown): Promise<void>
  /** writes one credit of a shard's queue (appendCredits.ts assigns ids and advances the shard's count) */
  putCredit(record: CreditRecord): Promise<void>
  /** adds mandate payments' keys to the spent set (a key already there fails the transaction) */
  putSpentMandates(entries: readonly SpentMandateRecord[]): Promise<void>
}

/**
 * Durable state of the base layer (SQLite or PostgreSQL). Reads outside a transaction see
 * committed state only. Writes exist only inside `transaction(fn)`, which commits everything `fn`
 * wrote or nothing; `fn` may run more than once (a PostgreSQL serialization failure is retried),
 * so it must only read and write through `tx` and compute from what it reads.
 */
export interface BaseLayerStore extends BaseLayerReads {
  /** `'sqlite'` or `'postgres'`, for logs */
  readonly backend: string
  transaction<T>(fn: (tx: BaseLayerTransaction) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** The record of a shard never settled. */
export function emptyShardRecord(shard: number): ShardRecord {
  return { shard, sequence: 0n, lastSdlHash: null, root: null, creditsQueued: 0n, creditsConsumed: 0n }
}
