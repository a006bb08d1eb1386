// The storage port of the domain: everything the service keeps durably. SQLite is the embedded
// adapter (SqliteDomainStore.ts); a PostgreSQL adapter implements the same interface. Methods are
// async so that a networked store fits; each write method is one atomic, durable transaction.
import type { SdlStateValue } from '../sdl/SdlStateValue.ts'

/** One pending element, waiting to be bundled into an SDL: a signed transaction with its diffs, or an incoming credit. */
export type PendingRecord =
  | { kind: 'transaction'; verifiable: unknown; state_diffs: unknown[] }
  | { kind: 'credit'; credit: unknown }

export type PendingEntry = { seq: number; record: PendingRecord }

/** Everything a batch changes, committed all at once. */
export type BatchWrite = {
  /** vaults written, keyed by address string (`"<owner_id>,<shard>"`) */
  vaults: ReadonlyMap<string, unknown>
  /** next nonce per vault address */
  nonces: ReadonlyMap<string, bigint>
  /** pending records appended in order */
  pending: readonly PendingRecord[]
  /** meta values set in the same transaction (e.g. the incoming-credit cursor) */
  meta?: ReadonlyMap<string, string>
  /** mandate payments applied by the batch: their keys join the spent set in the same transaction */
  mandates?: readonly SpentMandate[]
}

/** An entry of the spent set: the signed intent `intentDigest` (id `intentId`) of `payerOwnerId` paid (key = ledger's mandateKey), with what moved and the evidence of the proof that paid. */
export type SpentMandate = {
  key: string
  intentId: string
  /** null in rows written before schema version 6 (their key is the ledger's legacyMandateKey) */
  intentDigest: string | null
  evidenceDigest: string | null
  payerOwnerId: string
  payment: { debited: string; credited: string; token: string; amount: bigint }
}

/** A mandate payment as GET /payments lists it: what moved, when it was applied, and the SDL that carries it (null until cut). */
export type MandatePaymentRecord = SpentMandate & { appliedAtMs: number; sdlHash: string | null }

/** A stored SDL: its content and the artifacts of each pipeline step. */
export type SdlRecord = {
  hash: string
  /** position among this domain's SDLs, from 1 */
  seq: number
  state: SdlStateValue
  /** the ledger's SDL content, whose canonical hash is `hash` */
  content: unknown
  /** what proving needs besides the content (state tree witness, guardrail evidence) */
  witness: unknown
  /** the SDL proof and the guardrail proofs, once proven */
  proof: unknown
  /** the optional guardrail input given to POST /sdls/{hash}/prove */
  guardrailInput: Uint8Array | null
  createdAtMs: number
  updatedAtMs: number
}

/**
 * An SDL without its content, witness and proofs: what a state read, a list or a count needs.
 * The witness and proofs of a large SDL are megabytes of JSON; a client polling an SDL's state
 * must not make the domain read and parse them (nor take CPU from its provers).
 */
export type SdlSummary = Pick<SdlRecord, 'hash' | 'seq' | 'state' | 'createdAtMs' | 'updatedAtMs'>

/**
 * An SDL's summary with the input layout its stored witness names (the witness's `format`, read
 * by the database without handing the witness out), or null when it names none.
 */
export type SdlWitnessFormat = SdlSummary & { witnessFormat: string | null }

export type SdlCreate = {
  record: SdlRecord
  /** pending entries with seq ≤ this are consumed by the SDL */
  pendingSeqMax: number
  /** meta values set in the same transaction (e.g. the committed state tree) */
  meta?: ReadonlyMap<string, string>
  /** spent-set keys of the SDL's mandate payments: their rows name the SDL */
  mandateKeys?: readonly string[]
}

export interface DomainStore {
  /** Vaults by address string; absent addresses are missing from the map. */
  readVaults(addresses: readonly string[]): Promise<Map<string, unknown>>
  /** Every stored vault (for the state tree), in address order. */
  readAllVaults(): Promise<Map<string, unknown>>
  /** Next nonce per vault address; absent vaults are missing from the map (their next nonce is 1). */
  readNonces(addresses: readonly string[]): Promise<Map<string, bigint>>
  commitBatch(write: BatchWrite): Promise<void>
  /** The keys among `keys` that are in the spent set (an intent that paid). */
  readSpentMandates(keys: readonly string[]): Promise<Set<string>>
  /** Mandate payments, newest first: of one intent id, or the latest `limit`. */
  listMandatePayments(query: { intentId?: string; intentDigest?: string; limit: number }): Promise<MandatePaymentRecord[]>

  /** Pending entries in order, at most `limit`. */
  listPending(limit: number): Promise<PendingEntry[]>
  createSdl(create: SdlCreate): Promise<void>
  getSdl(hash: string): Promise<SdlRecord | null>
  /** The SDL's hash, position, state and times, without reading its content, witness or proofs. */
  getSdlSummary(hash: string): Promise<SdlSummary | null>
  /** SDLs in creation order, summaries only. */
  listSdls(offset: number, limit: number): Promise<SdlSummary[]>
  /** SDLs in one of the given state kinds (e.g. for recovery at startup). */
  listSdlsInStates(states: readonly string[]): Promise<SdlRecord[]>
  /** SDLs in one of the given state kinds, oldest first, at most `limit`, with their witnesses' formats (not the witnesses). */
  listSdlWitnessFormats(states: readonly string[], limit: number): Promise<SdlWitnessFormat[]>
  /** How many SDLs are in one of the given state kinds. */
  countSdlsInStates(states: readonly string[]): Promise<number>
  lastSdl(): Promise<SdlRecord | null>
  updateSdl(hash: string, patch: Partial<Pick<SdlRecord, 'state' | 'proof' | 'guardrailInput'>>): Promise<void>

  getMeta(key: string): Promise<string | null>
  setMeta(key: string, value: string): Promise<void>
  close(): Promise<void>
}
