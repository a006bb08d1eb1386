import { jsonValue, type SdlState, type VerifiableType, type VerifiableWithDiffs } from '@verity/ledger'
import { request, requestJson, type RequestOptions } from '../http/requestJson.ts'

type Options = Pick<RequestOptions, 'timeoutMs' | 'signal'>

/** A vault as GET /vaults/{owner_id} returns it (amounts as bigint when beyond 2^53). */
export type VaultJson = { balance: number | bigint; shard: number; data?: unknown }

/**
 * A typed client of the domain's HTTP API (docs/domain.md). Every method throws `ApiError`
 * (status, message, code, index) on a non-2xx answer.
 * @example const domain = new DomainClient('http://127.0.0.1:3000')
 */
export class DomainClient {
  constructor(readonly baseUrl: string) {}

  /** The vault's local view, or null when the domain has never seen it (404). */
  async getVault(ownerId: string, options: Options = {}): Promise<VaultJson | null> {
    try {
      return await requestJson<VaultJson>(this.baseUrl, `/vaults/${encodeURIComponent(ownerId)}`, options)
    } catch (error) {
      if ((error as { status?: number }).status === 404) return null
      throw error
    }
  }
  /** The next nonce a message from this vault must carry (1 for a new vault). */
  async nextNonce(ownerId: string, options: Options = {}): Promise<bigint> {
    return BigInt(await requestJson<number | bigint>(this.baseUrl, `/vaults/${encodeURIComponent(ownerId)}/nonce`, options))
  }
  /** Executes signed verifiables as one atomic batch with the default execution. */
  async execute(verifiables: readonly VerifiableType[], options: Options = {}): Promise<unknown> {
    return requestJson(this.baseUrl, '/intents/execute', { ...options, method: 'POST', body: jsonValue(verifiables) })
  }
  /** Submits verifiables with caller-computed state diffs, checked against the laws. */
  async submit(items: readonly VerifiableWithDiffs[], options: Options = {}): Promise<unknown> {
    return requestJson(this.baseUrl, '/intents/submit', { ...options, method: 'POST', body: jsonValue(items) })
  }
  /** Every SDL and its state, as `[hash, state]` pairs. */
  async listSdls(options: Options = {}): Promise<Array<[string, SdlState]>> {
    return requestJson(this.baseUrl, '/sdls', options)
  }
  async getSdl(hash: string, options: Options = {}): Promise<SdlState> {
    return requestJson(this.baseUrl, `/sdls/${encodeURIComponent(hash)}`, options)
  }
  /** Bundles pending diffs into an SDL; null when nothing is pending. */
  async submitSdl(options: Options = {}): Promise<string | null> {
    return (await requestJson<string | null>(this.baseUrl, '/sdls/submit', { ...options, method: 'POST' })) ?? null
  }
  /** Starts proving an SDL in the background; `guardrailInput` is the optional prove-time input. */
  async proveSdl(hash: string, guardrailInput?: Uint8Array, options: Options = {}): Promise<void> {
    const body = guardrailInput === undefined ? {} : { body: guardrailInput }
    await request(this.baseUrl, `/sdls/${encodeURIComponent(hash)}/prove`, { ...options, ...body, method: 'POST' })
  }
  /** Submits a proven SDL's proof to the base layer. */
  async submitProof(hash: string, options: Options = {}): Promise<void> {
    await request(this.baseUrl, `/sdls/${encodeURIComponent(hash)}/submit_proof`, { ...options, method: 'POST' })
  }
}
