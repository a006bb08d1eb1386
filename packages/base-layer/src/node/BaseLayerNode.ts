import type { HashDigest } from '@verity/core'
import type { Vault } from '@verity/ledger'
import { agreementView, type Agreement, type AgreementRequest } from '../agreement/Agreement.ts'
import { submitAgreement } from '../agreement/submitAgreement.ts'
import { pullCredits, type PullCreditsResult } from '../credits/pullCredits.ts'
import { applyGenesis } from '../genesis/applyGenesis.ts'
import type { Genesis } from '../genesis/Genesis.ts'
import { AGREEMENT_ACTIVATION_DELAY_MS_DEFAULT, SETTLEMENT_QUEUE_MAX } from '../limits.ts'
import { SettlementBusyError } from '../errors/settlementErrors.ts'
import type { SdlProofVerifier } from '../settlement/SdlProofVerifier.ts'
import { sdlStatusView, type SdlStatus, type SdlSubmission, type SdlSubmissionResult } from '../settlement/SdlSubmission.ts'
import { settleSdl } from '../settlement/settleSdl.ts'
import type { BaseLayerStore } from '../store/BaseLayerStore.ts'
import { accountView, shardView, type Account, type ShardStatus } from './views.ts'

export type BaseLayerNodeOptions = {
  store: BaseLayerStore
  /** verifies SDL proofs (a real prover, see createProverSdlVerifier) */
  verifier: SdlProofVerifier
  /** accounts to fund (only those the store does not have yet) */
  genesis?: Genesis
  /** overrides the genesis file's delay; default AGREEMENT_ACTIVATION_DELAY_MS_DEFAULT */
  agreementActivationDelayMs?: number
  /** milliseconds since the epoch; a port so tests can move time */
  clock?: () => number
}

/**
 * The base layer: domain agreements, SDL settlement with proof verification, finalized vaults and
 * cross-shard credits, over a durable store. A plain class: serve it over JSON-RPC with
 * `buildBaseLayerApp`, or embed it in a domain process behind `InProcessBaseLayerClient`.
 */
export class BaseLayerNode {
  readonly #store: BaseLayerStore
  readonly #verifier: SdlProofVerifier
  readonly #clock: () => number
  readonly activationDelayMs: number
  // Settlements run one at a time: each reads the shard's position, verifies for a while, and
  // commits only if that position is unchanged; serialising keeps the answers deterministic.
  #settling: Promise<unknown> = Promise.resolve()
  #settlingCount = 0
  // Funding the genesis accounts is the store's first transaction; every method waits for it.
  readonly #ready: Promise<void>

  constructor(options: BaseLayerNodeOptions) {
    this.#store = options.store
    this.#verifier = options.verifier
    this.#clock = options.clock ?? Date.now
    this.activationDelayMs =
      options.agreementActivationDelayMs ?? options.genesis?.agreementActivationDelayMs ?? AGREEMENT_ACTIVATION_DELAY_MS_DEFAULT
    this.#ready = options.genesis === undefined ? Promise.resolve() : applyGenesis(this.#store, options.genesis).then(() => undefined)
    // A failure surfaces from ready() and from every call; this only keeps it from being unhandled.
    this.#ready.catch(() => undefined)
  }

  /** Resolves once the genesis accounts are funded; rejects with the store's error if that failed. */
  ready(): Promise<void> {
    return this.#ready
  }

  /** The agreement of `shard`, or null. */
  async getAgreement(shard: number): Promise<Agreement | null> {
    await this.#ready
    const record = await this.#store.getAgreement(shard)
    return record === undefined ? null : agreementView(record, this.#clock())
  }

  /** Registers (or re-submits) a signed domain agreement; see `submitAgreement`. */
  async submitAgreement(request: AgreementRequest): Promise<Agreement> {
    await this.#ready
    return await submitAgreement({ store: this.#store, nowMs: this.#clock(), activationDelayMs: this.activationDelayMs }, request)
  }

  /**
   * Settles a signed, proven SDL: `{ status: 'applied' }` with the new position, or
   * `{ status: 'failed', code, reason }` having changed nothing. Throws only for malformed params.
   */
  async submitSdl(submission: SdlSubmission): Promise<SdlSubmissionResult> {
    if (this.#settlingCount >= SETTLEMENT_QUEUE_MAX) throw new SettlementBusyError({ queued: this.#settlingCount, queueMax: SETTLEMENT_QUEUE_MAX })
    this.#settlingCount += 1
    const run = this.#settling.then(async () => {
      await this.#ready
      return await settleSdl({ store: this.#store, verifier: this.#verifier, clock: this.#clock }, submission)
    })
    this.#settling = run.catch(() => undefined)
    try {
      return await run
    } finally {
      this.#settlingCount -= 1
    }
  }

  /** The settlement status of an SDL by hash. */
  async getSdlStatus(hash: HashDigest): Promise<SdlStatus> {
    await this.#ready
    return sdlStatusView(hash, await this.#store.getSdl(hash))
  }

  /** Credits queued for `shard` after `cursor`. */
  async pullCredits(shard: number, cursor: bigint, limit: number): Promise<PullCreditsResult> {
    await this.#ready
    return await pullCredits(this.#store, shard, cursor, limit)
  }

  /** The finalized vault at `address` (`"<owner_id>,<shard>"`), or null. */
  async getVault(address: string): Promise<Vault | null> {
    await this.#ready
    return (await this.#store.getVault(address)) ?? null
  }

  /** The settlement position of `shard`. */
  async getShard(shard: number): Promise<ShardStatus> {
    await this.#ready
    return shardView(await this.#store.getShard(shard))
  }

  /** The native account of `ownerId`, or null when it was never funded. */
  async getAccount(ownerId: HashDigest): Promise<Account | null> {
    await this.#ready
    const record = await this.#store.getAccount(ownerId)
    return record === undefined ? null : accountView(record)
  }

  /** Waits for a settlement under way, then closes the store. */
  async close(): Promise<void> {
    await this.#ready.catch(() => undefined)
    await this.#settling
    await this.#store.close()
  }
}
