// The checkout capability of the demo store (docs/ucp.md, "Checkout"): sessions created, read,
// updated, completed and canceled; orders read and updated. Each operation returns the reply and
// what to write; CheckoutRoutes writes it together with the idempotency reply.
import { randomUUID } from 'node:crypto'
import { signMerchantAuthorization } from '@verity/core'
import {
  UCP_AP2_MANDATE,
  UCP_BUYER_CONSENT,
  UCP_CHECKOUT,
  UCP_DISCOUNT,
  UCP_FULFILLMENT,
  UCP_VERSION,
  type Static,
  type UcpCheckoutCompleteRequest,
  type UcpCheckoutUpdateRequest,
  type UcpLink,
} from '@verity/wire'
import {
  CheckoutNotFoundError,
  CheckoutNotModifiableError,
  CheckoutNotReadyError,
  FulfillmentIncompleteError,
  MandateRefusedError,
  MandateRequiredError,
  PaymentDeclinedError,
  PaymentHandlerFailedError,
  PaymentHandlerUnknownError,
} from '../errors/storeErrors.ts'
import { CHECKOUT_TTL_MS } from '../limits.ts'
import { buildOrder } from './orders/buildOrder.ts'
import { renderOrder } from './orders/renderOrder.ts'
import type { MandateCheck } from './payment/MandateCheck.ts'
import type { Checkout, PaymentHandler, PaymentHandlerDeclaration } from './payment/PaymentHandler.ts'
import type { Caller } from './platform/authenticateCaller.ts'
import type { Platform } from './platform/PlatformResolver.ts'
import { priceSession, type Catalog, type SessionPrice } from './render/priceSession.ts'
import { renderCheckout } from './render/renderCheckout.ts'
import { applyCheckoutRequest } from './session/applyCheckoutRequest.ts'
import type { SessionState } from './session/SessionState.ts'
import type { ShopRules } from './shop/ShopRules.ts'
import type { MerchantKey } from './signing/merchantSigningKey.ts'
import { ap2ErrorOf, ap2ErrorReceiptsOf, ap2ReceiptsOf } from './payment/ap2Receipts.ts'
import type { CheckoutStateStore, StateWrite } from './state/CheckoutStateStore.ts'
import type { OrderEvents } from './webhooks/OrderWebhooks.ts'

/** A reply, what to write with it (an order event too), and what to do once written (send that event). */
export type Outcome = Readonly<{ status: number; body: unknown; write?: StateWrite; after?: () => void }>

export type CheckoutServiceOptions = {
  state: CheckoutStateStore
  rules: ShopRules
  catalog: Catalog
  key: MerchantKey
  handlers: readonly PaymentHandler[]
  mandateCheck: MandateCheck | undefined
  /** The store's base URL (links and permalinks are under it). */
  baseUrl: () => string
  /** Order events to the platform's webhook URL: written with the order, sent once written. */
  events: OrderEvents
  nowMs?: () => number
}

/** Where an order can be read: `<base>/orders/<id>` (also under the REST endpoint). */
export function orderPermalinkOf(baseUrl: string, orderId: string): string {
  return `${baseUrl}/orders/${encodeURIComponent(orderId)}`
}

export class CheckoutService {
  readonly #options: CheckoutServiceOptions
  readonly #now: () => number

  constructor(options: CheckoutServiceOptions) {
    this.#options = options
    this.#now = options.nowMs ?? Date.now
  }

  /** Opens a session for `opener`, the caller whose requests alone it will answer. */
  async create(platform: Platform, request: Static<typeof UcpCheckoutUpdateRequest>, opener: Caller): Promise<Outcome> {
    const now = this.#now()
    const state: SessionState = {
      id: `chk_${randomUUID()}`,
      status: 'incomplete',
      currency: this.#options.rules.currency,
      lines: [],
      buyer: undefined,
      fulfillment: undefined,
      discountCodes: [],
      instruments: [],
      isAp2: platform.isAp2,
      notices: [],
      createdAtMs: now,
      expiresAtMs: now + CHECKOUT_TTL_MS,
      nextLocalId: 1,
      orderId: undefined,
      opener,
    }
    applyCheckoutRequest(state, request, this.#options)
    return { status: 201, body: await this.#signedCheckout(state), write: { session: state } }
  }

  async get(platform: Platform, id: string): Promise<Outcome> {
    const state = this.#session(id)
    if (platform.isAp2 && !state.isAp2) state.isAp2 = true
    return { status: 200, body: await this.#signedCheckout(state) }
  }

  async update(platform: Platform, id: string, request: Static<typeof UcpCheckoutUpdateRequest>): Promise<Outcome> {
    const state = this.#modifiable(id, 'updated')
    state.isAp2 ||= platform.isAp2
    applyCheckoutRequest(state, request, this.#options)
    return { status: 200, body: await this.#signedCheckout(state), write: { session: state } }
  }

  async cancel(_platform: Platform, id: string): Promise<Outcome> {
    const state = this.#session(id)
    if (state.status === 'canceled') return { status: 200, body: await this.#signedCheckout(state) }
    if (state.status === 'completed' || state.status === 'complete_in_progress') throw new CheckoutNotModifiableError({ id, status: state.status, operation: 'canceled' })
    state.status = 'canceled'
    state.notices = []
    return { status: 200, body: await this.#signedCheckout(state), write: { session: state } }
  }

  /**
   * Completes a session: fulfillment chosen, every line in stock, with AP2 a checkout mandate the
   * MandateCheck accepts; then the instrument's payment handler is asked, and only when it says
   * `applied` is the order placed (written with the completed session in one transaction).
   */
  async complete(platform: Platform, id: string, request: Static<typeof UcpCheckoutCompleteRequest>): Promise<Outcome> {
    const state = this.#session(id)
    if (state.status === 'completed' || state.status === 'canceled') throw new CheckoutNotModifiableError({ id, status: state.status, operation: 'completed' })
    if (state.status !== 'complete_in_progress' && this.#now() > state.expiresAtMs) throw new CheckoutNotReadyError({ id, ucpCode: 'checkout_expired', reason: 'the session expired; create a new one' })
    state.isAp2 ||= platform.isAp2
    state.notices = []
    const price = this.#price(state)
    if (!price.isFulfillmentReady) throw new FulfillmentIncompleteError({ id })
    if (price.problems.length > 0) throw new CheckoutNotReadyError({ id, ucpCode: price.problems[0]!.code ?? 'out_of_stock', reason: price.problems.map((problem) => problem.content).join('; ') })
    const instrument = request.payment.instruments.find((entry) => entry.selected === true) ?? request.payment.instruments[0]!
    const handler = this.#options.handlers.find((entry) => entry.declaration.id === instrument.handler_id)
    if (handler === undefined) throw new PaymentHandlerUnknownError({ handlerId: instrument.handler_id, known: this.#options.handlers.map((entry) => entry.declaration.id) })
    const checkout = await this.#signedCheckout(state, price)
    const checkoutMandate = await this.#checkMandate(state, platform, checkout, request)
    const previousStatus = state.status
    state.status = 'complete_in_progress'
    this.#takeStock(state)
    let result
    try {
      result = await handler.authorize({ checkout, instrument, amountMinor: price.totalMinor, currency: state.currency, checkoutMandate, platformProfileUrl: platform.profileUrl, platformProfile: platform.profile })
    } catch (error) {
      throw new PaymentHandlerFailedError({ handlerId: handler.declaration.id, reason: (error as Error).message })
    }
    if (result.status === 'declined') {
      state.status = previousStatus === 'complete_in_progress' ? 'incomplete' : previousStatus
      state.isStockTaken = false
      this.#options.state.giveBack(state, state.lines, this.#options.rules.stock)
      const ap2Receipts = checkoutMandate === undefined ? undefined : this.#errorReceipts(checkoutMandate, instrument, result.code, result.reason)
      throw new PaymentDeclinedError({ handlerId: handler.declaration.id, ucpCode: result.code, reason: result.reason, ...(ap2Receipts === undefined ? {} : { ap2Receipts }) })
    }
    const order = buildOrder({
      state,
      price,
      totals: checkout.totals,
      webhookUrl: platform.webhookUrl,
      payment: { handlerName: handler.name, handlerId: handler.declaration.id, reference: result.reference, amountMinor: price.totalMinor },
      nowMs: this.#now(),
    })
    state.status = 'completed'
    state.orderId = order.id
    const { events } = this.#options
    const placed = events.entry(order.webhookUrl, 'order_placed', renderOrder(order, orderPermalinkOf(this.#options.baseUrl(), order.id)))
    // AP2's Checkout and Payment Receipts, bound to the closed mandates they answer; kept with the session, so a later read answers them too.
    if (checkoutMandate !== undefined) state.ap2Receipts = ap2ReceiptsOf({ checkoutMandate, paymentMandate: (instrument.credential as { token?: unknown } | undefined)?.token, orderId: order.id, paymentReference: result.reference, issuer: this.#options.baseUrl(), key: this.#options.key.signing, nowMs: this.#now() })
    const body = await this.#signedCheckout(state, price)
    return { status: 200, body, write: { session: state, order, outbox: placed }, after: () => events.send(placed) }
  }

  async #checkMandate(state: SessionState, platform: Platform, checkout: Checkout, request: Static<typeof UcpCheckoutCompleteRequest>): Promise<string | undefined> {
    if (!state.isAp2) return undefined
    const checkoutMandate = request.ap2?.checkout_mandate
    if (checkoutMandate === undefined) throw new MandateRequiredError({ id: state.id })
    const mandateCheck = this.#options.mandateCheck
    if (mandateCheck === undefined || platform.profileUrl === undefined || platform.profile === undefined) {
      throw new MandateRefusedError({ ucpCode: 'agent_missing_key', reason: 'the platform profile of this request could not be read to verify the mandate' })
    }
    const verdict = await mandateCheck({ checkout, checkoutMandate, platformProfileUrl: platform.profileUrl, platformProfile: platform.profile })
    if (!verdict.ok) throw new MandateRefusedError({ ucpCode: verdict.code, reason: verdict.reason, ap2Receipts: this.#errorReceipts(checkoutMandate, undefined, verdict.code, verdict.reason) })
    return checkoutMandate
  }

  /** AP2's Error receipts of a refused AP2 complete: the Checkout Receipt, and the Payment Receipt when the instrument carries a Payment Mandate chain. */
  #errorReceipts(checkoutMandate: string, instrument: { id: string; credential?: unknown } | undefined, ucpCode: string, reason: string) {
    const paymentMandate = (instrument?.credential as { token?: unknown } | undefined)?.token
    return ap2ErrorReceiptsOf({ checkoutMandate, paymentMandate, paymentId: instrument?.id ?? '', error: ap2ErrorOf(ucpCode, reason), errorDescription: reason, issuer: this.#options.baseUrl(), key: this.#options.key.signing, nowMs: this.#now() })
  }

  /** Takes the session's stock-tracked units and marks it complete_in_progress, atomically (a retried complete has them already). */
  #takeStock(state: SessionState): void {
    if (state.isStockTaken === true) {
      this.#options.state.write({ session: state })
      return
    }
    state.isStockTaken = true
    const short = this.#options.state.take(state, state.lines, this.#options.rules.stock)
    if (short !== undefined) {
      throw new CheckoutNotReadyError({ id: state.id, ucpCode: 'out_of_stock', reason: `${short.itemId}: ${short.unitsLeft} left in stock` })
    }
  }

  #session(id: string): SessionState {
    const state = this.#options.state.session(id)
    if (state === undefined) throw new CheckoutNotFoundError({ id })
    return state
  }

  #modifiable(id: string, operation: string): SessionState {
    const state = this.#session(id)
    if (state.status === 'completed' || state.status === 'canceled' || state.status === 'complete_in_progress') throw new CheckoutNotModifiableError({ id, status: state.status, operation })
    return state
  }

  /** Prices a session; the units it has taken itself count as available to it. */
  #price(state: SessionState): SessionPrice {
    if (state.isStockTaken !== true) return priceSession(state, this.#options.rules, this.#options.catalog)
    const own = new Map<string, number>()
    for (const line of state.lines) own.set(line.itemId, (own.get(line.itemId) ?? 0) + line.quantity)
    const catalog: Catalog = (id) => {
      const item = this.#options.catalog(id)
      return item === undefined || !Object.hasOwn(this.#options.rules.stock, id) ? item : { ...item, unitsAvailable: item.unitsAvailable + (own.get(id) ?? 0) }
    }
    return priceSession(state, this.#options.rules, catalog)
  }

  /** The session as answered: rendered, its status settled, signed (`ap2.merchant_authorization`). */
  async #signedCheckout(state: SessionState, price = this.#price(state)): Promise<Checkout> {
    const baseUrl = this.#options.baseUrl()
    // AP2's merchant of the checkout: the store, by its base URL (allowed_merchants matches its id).
    const merchant = state.isAp2 ? { id: baseUrl, name: new URL(baseUrl).host, website: baseUrl } : undefined
    const rendered = renderCheckout(state, price, { envelope: this.#envelope(state), links: this.#links(baseUrl), orderUrlOf: (orderId) => orderPermalinkOf(baseUrl, orderId), ...(merchant === undefined ? {} : { merchant }) })
    if (state.status !== 'completed' && state.status !== 'canceled' && state.status !== 'complete_in_progress') state.status = rendered.status as SessionState['status']
    const merchantAuthorization = await signMerchantAuthorization(rendered, this.#options.key.signing)
    const receipts = state.status === 'completed' ? state.ap2Receipts : undefined
    return { ...rendered, ap2: { merchant_authorization: merchantAuthorization, ...receipts } }
  }

  #envelope(state: SessionState) {
    const capability = [{ version: UCP_VERSION }]
    const capabilities: Record<string, { version: string }[]> = { [UCP_CHECKOUT]: capability, [UCP_FULFILLMENT]: capability, [UCP_DISCOUNT]: capability, [UCP_BUYER_CONSENT]: capability }
    if (state.isAp2) capabilities[UCP_AP2_MANDATE] = capability
    const paymentHandlers: Record<string, PaymentHandlerDeclaration[]> = {}
    for (const handler of this.#options.handlers) (paymentHandlers[handler.name] ??= []).push(handler.declaration)
    return { version: UCP_VERSION, capabilities, payment_handlers: paymentHandlers }
  }

  #links(baseUrl: string): Static<typeof UcpLink>[] {
    return this.#options.rules.links.map((link) => (link.url.startsWith('/') ? { ...link, url: `${baseUrl}${link.url}` } : link))
  }
}
