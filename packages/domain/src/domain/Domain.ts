// The domain service behind the HTTP routes: local state, batches, incoming credits and the SDL
// pipeline, wired over the store, the ledger, the prover and the base layer.
import { formatAddress, type PasskeyPolicy, type Signer } from '@verity/core'
import type { Settlement } from '../settlement/Settlement.ts'
import type { FastifyBaseLogger } from 'fastify'
import type { ApplyResult, DomainApi, PaymentsFilter, PaymentView, ProveStart } from '../DomainApi.ts'
import { applyIncomingCredits } from '../credits/applyIncomingCredits.ts'
import { SdlNotFoundError, VaultNotFoundError } from '../errors/domainErrors.ts'
import { GroupCommitter } from '../execution/GroupCommitter.ts'
import { SerialQueue } from '../execution/SerialQueue.ts'
import type { Guardrail } from '../guardrails/Guardrail.ts'
import { cutSdl, type SdlStateTree } from '../sdl/cutSdl.ts'
import { SdlPipeline } from '../sdl/SdlPipeline.ts'
import type { SdlProver } from '../sdl/SdlProver.ts'
import type { SdlStateValue } from '../sdl/SdlStateValue.ts'
import type { DomainStore } from '../store/DomainStore.ts'
import type { MandateVerifier } from '../mandates/MandateVerifier.ts'
import { MANDATE_DEADLINE_GRACE_MS_DEFAULT, PAYMENTS_PAGE_LIMIT_MAX } from '../limits.ts'

export type DomainDeps = {
  store: DomainStore
  shard: number
  guardrails: readonly Guardrail[]
  /** where SDLs settle: the base layer or an EVM chain */
  baseLayer: Settlement
  operator: Signer
  prover: SdlProver
  stateTree: SdlStateTree
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
  /** how often incoming credits are pulled; 0 disables the timer (tests call pullCredits()) */
  creditsPullIntervalMs: number
  /** true: proving workers (separate processes) claim the SDLs in Proving from the database */
  provingWorkers?: boolean
  /** false when the settlement target cannot deliver cross-shard credits (EVM): such transfers are refused */
  crossShardCredits?: boolean
  /** The WebAuthn origins and RP ids accepted in passkey signatures; default any */
  passkeyPolicy?: PasskeyPolicy
  /** verifies mandate payments' bundles; absent: mandate payments are refused (MANDATE_SETTLEMENT_UNSUPPORTED, an EVM target) */
  mandateVerifier?: MandateVerifier
  /** `mandates.deadline_grace_ms` (default MANDATE_DEADLINE_GRACE_MS_DEFAULT) */
  mandateDeadlineGraceMs?: number
  /** the clock of payment deadlines, in Unix ms; default Date.now */
  nowMs?: () => number
}

export class Domain implements DomainApi {
  readonly #deps: DomainDeps
  readonly #serial = new SerialQueue()
  readonly pipeline: SdlPipeline
  readonly #batches: GroupCommitter
  #timer: NodeJS.Timeout | null = null
  #pulling: Promise<number> | null = null

  private constructor(deps: DomainDeps) {
    this.#deps = deps
    this.pipeline = new SdlPipeline(deps)
    this.#batches = new GroupCommitter(deps, this.#serial, {
      verifier: deps.mandateVerifier,
      deadlineGraceMs: deps.mandateDeadlineGraceMs ?? MANDATE_DEADLINE_GRACE_MS_DEFAULT,
      nowMs: deps.nowMs ?? Date.now,
    })
  }

  /** Creates the domain, resumes its pipeline and starts pulling incoming credits. */
  static async open(deps: DomainDeps): Promise<Domain> {
    const domain = new Domain(deps)
    await domain.pipeline.recover()
    if (deps.creditsPullIntervalMs > 0) domain.#schedulePull()
    return domain
  }

  #schedulePull(): void {
    this.#timer = setTimeout(async () => {
      try {
        await this.pullCredits()
      } catch (error) {
        this.#deps.log.warn({ err: error }, 'pulling incoming credits failed; retrying at the next interval')
      }
      if (this.#timer !== null) this.#schedulePull()
    }, this.#deps.creditsPullIntervalMs)
    this.#timer.unref()
  }

  /** Pulls one page of incoming credits from the base layer and applies them. */
  pullCredits(): Promise<number> {
    this.#pulling ??= this.#serial.run(() => applyIncomingCredits(this.#deps)).finally(() => (this.#pulling = null))
    return this.#pulling
  }

  async getVault(ownerId: string): Promise<unknown> {
    const address = formatAddress(ownerId, this.#deps.shard)
    const vault = (await this.#deps.store.readVaults([address])).get(address)
    if (vault === undefined) throw new VaultNotFoundError({ ownerId })
    return vault
  }

  async nextNonce(ownerId: string): Promise<bigint> {
    const address = formatAddress(ownerId, this.#deps.shard)
    return (await this.#deps.store.readNonces([address])).get(address) ?? 1n
  }

  execute(batch: readonly unknown[]): Promise<ApplyResult> {
    return this.#batches.apply(batch, 'execute')
  }

  submit(batch: readonly unknown[]): Promise<ApplyResult> {
    return this.#batches.apply(batch, 'submit')
  }

  async listSdls(offset: number, limit: number): Promise<Array<[string, SdlStateValue]>> {
    return (await this.#deps.store.listSdls(offset, limit)).map((record) => [record.hash, record.state])
  }

  async getSdlState(hash: string): Promise<SdlStateValue> {
    const record = await this.#deps.store.getSdlSummary(hash)
    if (record === null) throw new SdlNotFoundError({ hash })
    return record.state
  }

  submitSdl(): Promise<string | null> {
    return this.#serial.run(() => cutSdl({ ...this.#deps, guardrailCount: this.#deps.guardrails.length }))
  }

  prove(hash: string, guardrailInput: Uint8Array | null): Promise<ProveStart> {
    return this.pipeline.startProving(hash, guardrailInput)
  }

  submitProof(hash: string): Promise<SdlStateValue> {
    return this.pipeline.submitProof(hash)
  }

  async listPayments(query: PaymentsFilter): Promise<PaymentView[]> {
    const records = await this.#deps.store.listMandatePayments({ ...query, limit: Math.min(query.limit, PAYMENTS_PAGE_LIMIT_MAX) })
    return Promise.all(
      records.map(async (record) => {
        const summary = record.sdlHash === null ? null : await this.#deps.store.getSdlSummary(record.sdlHash)
        return {
          intent_id: record.intentId,
          intent_digest: record.intentDigest,
          evidence_digest: record.evidenceDigest,
          payer: record.payerOwnerId,
          ...record.payment,
          applied_at_ms: record.appliedAtMs,
          sdl: summary === null ? null : { hash: summary.hash, state: summary.state },
        }
      }),
    )
  }

  /** Stops the timer and the pipeline, ends a proof under way, waits for writes, closes the store. */
  async close(): Promise<void> {
    if (this.#timer !== null) clearTimeout(this.#timer)
    this.#timer = null
    this.pipeline.stop()
    await this.#deps.prover.close()
    await this.pipeline.idle()
    await this.#pulling?.catch(() => undefined)
    await this.#serial.drain()
    await this.#batches.close()
    await this.#deps.store.close()
  }
}
