import { parseJsonBigint, type HashDigest } from '@verity/core'
import { ServiceClient, type CallOptions } from './ServiceClient.ts'
import { describeUcpViolations, FinalizedVault, validateUcp, type ApplyResult as ApplyResultSchema, type MandatePaymentView, type Static } from '@verity/wire'
import { FinalizedProofError } from '../finalized/FinalizedProofError.ts'
import { jsonValue, parseSdlState, parseVault, type SdlState, type Vault, type VerifiableType, type VerifiableWithDiffs } from '@verity/ledger'
import { request, requestJson, type RequestOptions } from '../http/requestJson.ts'

/** Per-call options of every client method: a time-out (default REQUEST_TIMEOUT_MS) and a cancel signal. */
export type { CallOptions }

/** The answer of POST /intents/execute and /intents/submit (the route's wire schema). */
export type ApplyResult = Static<typeof ApplyResultSchema>
/** What `proveSdl` found: whether proving started now (202) or had started before (200), and the SDL's state. */
export type ProveStart = { started: boolean; state: SdlState }
/** A mandate payment as GET /payments lists it (the route's wire schema, with the SDL state parsed). */
export type PaymentView = Omit<Static<typeof MandatePaymentView>, 'amount' | 'sdl'> & { amount: bigint; sdl: { hash: HashDigest; state: SdlState } | null }
/** One page of GET /sdls. */
export type SdlPage = { offset?: number; limit?: number }

/**
 * A typed client of the domain's HTTP API (docs/domain.md). Vaults and SDL states are parsed with
 * @verity/ledger's wire parsers (u64 values as bigint). Every method throws `ApiError` (status,
 * message, serverCode, index) on a non-2xx answer and `ServiceUnreachableError` when the domain
 * cannot be reached.
 * @example const domain = new DomainClient('http://127.0.0.1:3000'); const vault = await domain.getVault(ownerId)
 */
export class DomainClient extends ServiceClient {
  /** The vault's local view, or null when the domain has never seen it (404). */
  async getVault(ownerId: HashDigest, options: CallOptions = {}): Promise<Vault | null> {
    try {
      return parseVault(await requestJson<unknown>(this.baseUrl, `/vaults/${encodeURIComponent(ownerId)}`, this.authorized(options)))
    } catch (error) {
      if ((error as { status?: number }).status === 404) return null
      throw error
    }
  }
  /**
   * The vault's finalized view where the domain settles: on an EVM chain, its slots at the
   * contract's root with their Merkle paths (check them with `verifyFinalizedVault` against the root
   * you read from the chain); `{settlement: 'base_layer'}` when the base layer holds that view.
   * Throws FinalizedProofError when the answer does not have the wire shape.
   */
  async getFinalizedVault(ownerId: HashDigest, options: CallOptions = {}): Promise<Static<typeof FinalizedVault>> {
    const answer = await requestJson<unknown>(this.baseUrl, `/vaults/${encodeURIComponent(ownerId)}/finalized`, this.authorized(options))
    const checked = validateUcp(FinalizedVault, answer)
    if (!checked.ok) throw new FinalizedProofError({ reason: `the domain's answer is malformed: ${describeUcpViolations(checked.violations)}` })
    return checked.value
  }
  /** The next nonce a message from this vault must carry (1 for a new vault). */
  async nextNonce(ownerId: HashDigest, options: CallOptions = {}): Promise<bigint> {
    return BigInt(await requestJson<number | bigint>(this.baseUrl, `/vaults/${encodeURIComponent(ownerId)}/nonce`, this.authorized(options)))
  }
  /** Executes signed verifiables as one atomic batch with the default execution. */
  async execute(verifiables: readonly VerifiableType[], options: CallOptions = {}): Promise<ApplyResult> {
    return requestJson(this.baseUrl, '/intents/execute', { ...this.authorized(options), method: 'POST', body: jsonValue(verifiables) })
  }
  /**
   * Mandate payments the domain applied, newest first (docs/domain.md, "Mandate payments"): those of
   * an intent id (`intentId`: any intent that used it, at any orchestrator), exactly the payment of
   * one signed intent (`intentDigest`, mandateIdentityOf(bundle).intentDigest: what a merchant
   * asks), or the latest `limit` (default 20, at most 100), each with the SDL that carries it to
   * settlement (null until one is cut).
   */
  async listPayments(query: { intentId?: string; intentDigest?: string; limit?: number } = {}, options: CallOptions = {}): Promise<PaymentView[]> {
    const search = new URLSearchParams()
    if (query.intentId !== undefined) search.set('intent_id', query.intentId)
    if (query.intentDigest !== undefined) search.set('intent_digest', query.intentDigest)
    if (query.limit !== undefined) search.set('limit', String(query.limit))
    const path = search.size === 0 ? '/payments' : `/payments?${search}`
    const rows = await requestJson<Array<Record<string, unknown>>>(this.baseUrl, path, this.authorized(options))
    return rows.map((row) => ({ ...row, amount: BigInt(row.amount as number | bigint), sdl: row.sdl === null ? null : { hash: (row.sdl as { hash: string }).hash, state: parseSdlState((row.sdl as { state: unknown }).state) } }) as PaymentView)
  }
  /** Submits verifiables with caller-computed state diffs, checked against the laws, as one atomic batch. */
  async submit(items: readonly VerifiableWithDiffs[], options: CallOptions = {}): Promise<ApplyResult> {
    return requestJson(this.baseUrl, '/intents/submit', { ...this.authorized(options), method: 'POST', body: jsonValue(items) })
  }
  /** SDLs and their states as `[hash, state]` pairs, in creation order (one page; the domain's default size). */
  async listSdls(page: SdlPage = {}, options: CallOptions = {}): Promise<Array<[HashDigest, SdlState]>> {
    const query = new URLSearchParams()
    if (page.offset !== undefined) query.set('offset', String(page.offset))
    if (page.limit !== undefined) query.set('limit', String(page.limit))
    const path = query.size === 0 ? '/sdls' : `/sdls?${query}`
    const pairs = await requestJson<Array<[string, unknown]>>(this.baseUrl, path, this.authorized(options))
    return pairs.map(([hash, state], i) => [hash, parseSdlState(state, `sdls[${i}]`)])
  }
  /** The state of one SDL. */
  async getSdl(hash: HashDigest, options: CallOptions = {}): Promise<SdlState> {
    return parseSdlState(await requestJson<unknown>(this.baseUrl, `/sdls/${encodeURIComponent(hash)}`, this.authorized(options)))
  }
  /** Bundles pending diffs into an SDL and returns its hash; null when nothing is pending. */
  async submitSdl(options: CallOptions = {}): Promise<HashDigest | null> {
    return (await requestJson<string | null>(this.baseUrl, '/sdls/submit', { ...this.authorized(options), method: 'POST' })) ?? null
  }
  /** Starts proving an SDL in the background; `guardrailInput` is the optional prove-time input (JSON bytes). */
  async proveSdl(hash: HashDigest, guardrailInput?: Uint8Array, options: CallOptions = {}): Promise<ProveStart> {
    const body = guardrailInput === undefined ? {} : { body: guardrailInput }
    const { status, text } = await request(this.baseUrl, `/sdls/${encodeURIComponent(hash)}/prove`, { ...this.authorized(options), ...body, method: 'POST' })
    // 202: proving started now; 200: it was already started (or done).
    return { started: status === 202, state: parseSdlState((parseJsonBigint(text) as { state: unknown }).state) }
  }
  /** Submits a proven SDL's proof to the base layer; settlement continues in the background (poll `getSdl`). */
  async submitProof(hash: HashDigest, options: CallOptions = {}): Promise<SdlState> {
    const body = await requestJson<{ state: unknown }>(this.baseUrl, `/sdls/${encodeURIComponent(hash)}/submit_proof`, { ...this.authorized(options), method: 'POST' })
    return parseSdlState(body.state)
  }
}
