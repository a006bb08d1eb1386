import { UCP_VERITY_PAYMENT_HANDLER, UCP_AP2_MANDATE, UCP_CHECKOUT, selectUcpBinding, type Static, type UcpBusinessProfile, type UcpCheckoutCompleteRequest, type UcpCheckoutCreateRequest, type UcpCheckoutUpdateRequest } from '@verity/wire'
import { signUcpRequest, stringifyJsonBigint, type UcpRequestKey } from '@verity/core'
import { requestJson } from '../http/requestJson.ts'
import { CHECKOUT_COMPLETE_TIMEOUT_MS } from '../limits.ts'
import { UcpBusinessClient, type UcpBusinessClientOptions } from './UcpBusinessClient.ts'
import { UcpBusinessUnusableError } from './UcpBusinessUnusableError.ts'
import { VerityPaymentUnavailableError } from '../ap2/VerityPaymentUnavailableError.ts'

/** A checkout as a business answers it (checkout.json; read loosely: every business adds its own fields). */
export type UcpCheckoutView = Record<string, unknown> & { id: string; status: string }

/** What a Verity purchase needs of a business, found in its profile. */
export type VerityCheckoutBusiness = {
  endpoint: string
  /** `payment_handlers["dev.verity.domain"][0]`: its id (an instrument's `handler_id`), payee and token. */
  handlerId: string
  payee: string
  token: string
  signingKeys: Record<string, unknown>[]
}

export type UcpCheckoutClientOptions = UcpBusinessClientOptions & {
  /**
   * The key every checkout request is signed with (RFC 9421, UCP signatures.md): one the profile
   * at `profileUrl` lists. A business binds a session to the profile and key that opened it
   * (ucpPlatformOf gives both for a Verity agent).
   */
  requestKey?: UcpRequestKey
}

/**
 * A platform's client of one business's checkout (UCP 2026-04-08 `dev.ucp.shopping.checkout`, REST
 * binding): create, get, update and complete sessions, each mutation with an `Idempotency-Key`,
 * each request signed with `requestKey` when given (the demo store refuses unsigned ones).
 * `negotiate()` refuses, before anything is created or paid, a business that does not offer
 * checkout, the AP2 mandates extension (`dev.ucp.shopping.ap2_mandate`) and the `dev.verity.domain`
 * payment handler. Throws VerityPaymentUnavailableError (no AP2 or no dev.verity.domain),
 * UcpBusinessUnusableError, ApiError, ServiceUnreachableError.
 */
export class UcpCheckoutClient {
  readonly #catalog: UcpBusinessClient
  #business: Promise<VerityCheckoutBusiness> | undefined

  constructor(readonly business: string, private readonly options: UcpCheckoutClientOptions = {}) {
    this.#catalog = new UcpBusinessClient(business, options)
  }

  /** The business's checkout binding and Verity payment handler; refuses a business that does not negotiate them. */
  negotiate(): Promise<VerityCheckoutBusiness> {
    this.#business ??= this.#catalog.profile().then((profile) => verityBusinessOf(this.business, profile))
    this.#business.catch(() => (this.#business = undefined))
    return this.#business
  }

  async create(request: Static<typeof UcpCheckoutCreateRequest>): Promise<UcpCheckoutView> {
    return this.send('POST', '/checkout-sessions', request)
  }
  async get(id: string): Promise<UcpCheckoutView> {
    return this.send('GET', `/checkout-sessions/${encodeURIComponent(id)}`)
  }
  async update(id: string, request: Static<typeof UcpCheckoutUpdateRequest>): Promise<UcpCheckoutView> {
    return this.send('PUT', `/checkout-sessions/${encodeURIComponent(id)}`, request)
  }
  /** Waits up to CHECKOUT_COMPLETE_TIMEOUT_MS (unless the client was given a time-out): the business verifies a proof and is paid first. */
  async complete(id: string, request: Static<typeof UcpCheckoutCompleteRequest>): Promise<UcpCheckoutView> {
    return this.send('POST', `/checkout-sessions/${encodeURIComponent(id)}/complete`, request, CHECKOUT_COMPLETE_TIMEOUT_MS)
  }

  private async send(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, timeoutMsDefault?: number): Promise<UcpCheckoutView> {
    const { endpoint } = await this.negotiate()
    const headers: Record<string, string> = { 'ucp-agent': `profile="${this.#catalog.profileUrl}"` }
    if (method !== 'GET') headers['idempotency-key'] = globalThis.crypto.randomUUID()
    const jsonText = body === undefined ? undefined : stringifyJsonBigint(body)
    const key = this.options.requestKey
    if (key !== undefined) {
      const url = new URL(`${endpoint.replace(/\/$/, '')}${path}`)
      Object.assign(headers, signUcpRequest({ method, url, headers: { ...headers, ...(jsonText === undefined ? {} : { 'content-type': 'application/json' }) }, body: jsonText, key }))
    }
    const answer = await requestJson<unknown>(endpoint, path, { method, headers, ...(jsonText === undefined ? {} : { jsonText }), ...(this.options.timeoutMs === undefined ? (timeoutMsDefault === undefined ? {} : { timeoutMs: timeoutMsDefault }) : { timeoutMs: this.options.timeoutMs }) })
    const checkout = answer as Partial<UcpCheckoutView> | null
    if (checkout === null || typeof checkout !== 'object' || typeof checkout.id !== 'string' || typeof checkout.status !== 'string')
      throw new UcpBusinessUnusableError({ business: this.business, reason: `${method} ${path} did not answer a checkout (no id and status)` })
    return checkout as UcpCheckoutView
  }
}

function verityBusinessOf(business: string, profile: Static<typeof UcpBusinessProfile>): VerityCheckoutBusiness {
  const refuse = (reason: string) => new UcpBusinessUnusableError({ business, reason: `${reason}; nothing was bought or paid` })
  const binding = selectUcpBinding(profile, { capability: UCP_CHECKOUT, transports: ['rest'] })
  if (!binding.ok) throw refuse(`it offers no ${UCP_CHECKOUT} over REST (${binding.message})`)
  const capabilities = profile.ucp.capabilities ?? {}
  if (capabilities[UCP_AP2_MANDATE] === undefined)
    throw new VerityPaymentUnavailableError({ business, lacks: 'ap2_mandate', where: 'profile', reason: `its profile does not negotiate AP2 mandates (${UCP_AP2_MANDATE}): a Verity intent pays only a checkout the business signs` })
  const handler = profile.ucp.payment_handlers?.[UCP_VERITY_PAYMENT_HANDLER]?.[0]
  const config = (handler?.config ?? {}) as { payee?: unknown; token?: unknown }
  if (handler === undefined || typeof config.payee !== 'string' || typeof config.token !== 'string')
    throw new VerityPaymentUnavailableError({ business, lacks: UCP_VERITY_PAYMENT_HANDLER, where: 'profile', reason: `its profile offers no ${UCP_VERITY_PAYMENT_HANDLER} payment handler (with config.payee and config.token)${Object.keys(profile.ucp.payment_handlers ?? {}).length === 0 ? '' : `, only ${Object.keys(profile.ucp.payment_handlers ?? {}).join(', ')}`}` })
  const signingKeys = ((profile as { signing_keys?: unknown }).signing_keys ?? []) as Record<string, unknown>[]
  if (signingKeys.length === 0) throw refuse('its profile lists no signing_keys: its checkouts cannot be verified')
  return { endpoint: binding.endpoint, handlerId: handler.id, payee: config.payee, token: config.token, signingKeys }
}
