// One door to the checkout and order operations for every binding (REST routes, MCP tools): the
// platform is resolved, mutations run under the locks of their resource and idempotency key, an
// `Idempotency-Key` replays its stored reply or is refused for another request (409), and what
// an operation writes (its order event included) is written with its reply in one transaction,
// and only then is the event sent.
import { createHash } from 'node:crypto'
import { canonicalJson, VerityError } from '@verity/core'
import { describeUcpViolations, UcpCheckoutCompleteRequest, UcpCheckoutCreateRequest, UcpCheckoutUpdateRequest, validateUcp } from '@verity/wire'
import type { TSchema } from 'typebox'
import { CheckoutForbiddenError, IdempotencyConflictError, OrderForbiddenError, StoreRequestInvalidError } from '../errors/storeErrors.ts'
import { answerOf } from '../http/ucpErrorCodes.ts'
import { IDEMPOTENCY_KEY_CHARS_MAX, IDEMPOTENCY_TTL_MS } from '../limits.ts'
import { errorReply } from '../ucp/responseEnvelope.ts'
import type { CheckoutService, Outcome } from './CheckoutService.ts'
import { KeyedLocks } from './KeyedLocks.ts'
import type { OrderService } from './orders/OrderService.ts'
import { authenticateCaller, isOpener, type Caller, type SignedRequest } from './platform/authenticateCaller.ts'
import type { UcpAgentSource } from './platform/parseUcpAgent.ts'
import type { Platform, PlatformResolver } from './platform/PlatformResolver.ts'
import type { CheckoutStateStore } from './state/CheckoutStateStore.ts'

export type CheckoutOperation = 'create_checkout' | 'get_checkout' | 'update_checkout' | 'complete_checkout' | 'cancel_checkout' | 'get_order' | 'update_order'

const MUTATIONS: ReadonlySet<CheckoutOperation> = new Set(['create_checkout', 'update_checkout', 'complete_checkout', 'cancel_checkout', 'update_order'])

export type GatewayRequest = Readonly<{
  operation: CheckoutOperation
  /** The checkout or order id (all but create). */
  id?: string
  /** The operation's payload (the checkout request, or an Order-shaped order update). */
  body?: unknown
  agent: UcpAgentSource
  /** The request as received, for its RFC 9421 signature (undefined: unsigned). */
  signed?: SignedRequest | undefined
  idempotencyKey?: string | undefined
  /** What else makes two requests the same for a key besides the operation, id and body (the binding: REST method and path, or the MCP tool). */
  binding: string
  /** Checked before the operation (order updates need the operator's secret). */
  authorize?: () => void
}>

/** A reply: HTTP status and JSON body (as text, exactly what a replay answers). */
export type GatewayReply = Readonly<{ status: number; body: string }>

export type CheckoutGatewayParts = {
  checkouts: CheckoutService
  orders: OrderService
  platforms: PlatformResolver
  state: CheckoutStateStore
  /** Conformance mode: unsigned requests are taken as their profile URL alone (the suite does not sign). */
  isLenient: boolean
  /** Profile URLs of the verifiers the business lets read any session (GET only, signed): the extractors that prove its checkouts. */
  checkoutReaders?: () => readonly string[]
}

export class CheckoutGateway {
  readonly #locks = new KeyedLocks()

  constructor(private readonly parts: CheckoutGatewayParts) {}

  /**
   * Runs one operation for the caller its signature proves (authenticateCaller): a session, and its
   * order, answer only to the caller that opened it. Throws the VerityErrors of the operation (not
   * kept for a key when 5xx or a conflict), SignatureMissingError, SignatureInvalidError,
   * CheckoutForbiddenError, OrderForbiddenError.
   */
  async run(request: GatewayRequest): Promise<GatewayReply> {
    const platform = await this.parts.platforms.resolve(request.agent)
    request.authorize?.()
    // Order updates are the operator's (the orders secret), not a platform's.
    const caller = request.operation === 'update_order' ? { profileUrl: undefined, keyThumbprint: undefined } : authenticateCaller(platform, request.signed, { isLenient: this.parts.isLenient })
    if (request.operation !== 'update_order') this.#checkAccess(request, caller)
    if (!MUTATIONS.has(request.operation)) return replyOf(await this.#perform(request, platform, caller))
    const key = checkedKey(request.idempotencyKey)
    const kind = request.operation.endsWith('_order') ? 'order' : 'checkout'
    const locks = [...(request.id === undefined ? [] : [`${kind}:${request.id}`]), ...(key === undefined ? [] : [`key:${key}`])]
    return this.#locks.run(locks, async () => {
      const fingerprint = key === undefined ? '' : fingerprintOf(request, caller)
      if (key !== undefined) {
        const kept = this.parts.state.reply(key, IDEMPOTENCY_TTL_MS)
        if (kept !== undefined) {
          if (kept.fingerprint !== fingerprint) throw new IdempotencyConflictError({ key })
          return { status: kept.status, body: kept.body }
        }
      }
      let outcome: Outcome
      try {
        outcome = await this.#perform(request, platform, caller)
      } catch (error) {
        if (key !== undefined) this.#keepFailure(key, fingerprint, error)
        throw error
      }
      const reply = replyOf(outcome)
      this.commit({ ...outcome, write: { ...outcome.write, ...(key === undefined ? {} : { reply: { key, fingerprint, ...reply } }) } })
      return reply
    })
  }

  /** Test-only shipping (conformance mode), under the order's lock. */
  async simulateShipping(orderId: string): Promise<GatewayReply> {
    return this.#locks.run([`order:${orderId}`], async () => replyOf(this.commit(this.parts.orders.simulateShipping(orderId))))
  }

  /** Writes an outcome (with its order event), then runs what follows it (the event is sent only once stored). */
  private commit(outcome: Outcome): Outcome {
    if (outcome.write !== undefined) this.parts.state.write(outcome.write)
    outcome.after?.()
    return outcome
  }

  /**
   * A session's get, update, complete and cancel, and its order's get, are the opener's; a
   * verifier the business names (`checkoutReaders`) may get a session, nothing else. An unknown id
   * is left to the operation (404).
   */
  #checkAccess(request: GatewayRequest, caller: Caller): void {
    if (request.id === undefined || request.operation === 'create_checkout') return
    if (request.operation === 'get_order') {
      const order = this.parts.state.order(request.id)
      if (order !== undefined && !isOpener(order.opener, caller)) throw new OrderForbiddenError({ id: request.id })
      return
    }
    const session = this.parts.state.session(request.id)
    if (session === undefined || isOpener(session.opener, caller)) return
    if (request.operation === 'get_checkout' && this.#isReader(caller)) return
    throw new CheckoutForbiddenError({ id: request.id })
  }

  #isReader(caller: Caller): boolean {
    return caller.keyThumbprint !== undefined && caller.profileUrl !== undefined && (this.parts.checkoutReaders?.() ?? []).includes(caller.profileUrl)
  }

  #perform(request: GatewayRequest, platform: Platform, caller: Caller): Promise<Outcome> {
    const { checkouts, orders } = this.parts
    const id = request.id ?? ''
    switch (request.operation) {
      case 'create_checkout':
        return checkouts.create(platform, bodyOf(request.body, UcpCheckoutCreateRequest), caller)
      case 'get_checkout':
        return checkouts.get(platform, id)
      case 'update_checkout':
        return checkouts.update(platform, id, bodyOf(request.body, UcpCheckoutUpdateRequest))
      case 'complete_checkout':
        return checkouts.complete(platform, id, bodyOf(request.body, UcpCheckoutCompleteRequest))
      case 'cancel_checkout':
        return checkouts.cancel(platform, id)
      case 'get_order':
        return Promise.resolve(orders.get(id))
      case 'update_order':
        return Promise.resolve(orders.update(id, request.body))
    }
  }

  /** A refusal is kept for its key too (a replay gets the same refusal), unless it is a server failure or a conflict. */
  #keepFailure(key: string, fingerprint: string, error: unknown): void {
    if (!(error instanceof VerityError) || error instanceof IdempotencyConflictError) return
    const answer = answerOf(error.code)
    if (answer.status >= 500) return
    this.parts.state.write({ reply: { key, fingerprint, status: answer.status, body: JSON.stringify(errorBodyOf(error)) } })
  }
}

/** The UCP error reply of a store error: the spec's own code when the error carries one (`fields.ucpCode`), else the table's. */
export function errorBodyOf(error: VerityError) {
  const ucpCode = ((error as { fields?: { ucpCode?: unknown } }).fields?.ucpCode as string | undefined) ?? answerOf(error.code).ucpCode
  return errorReply(ucpCode, error.message)
}

function replyOf(outcome: Outcome): GatewayReply {
  return { status: outcome.status, body: JSON.stringify(outcome.body) }
}

function bodyOf<T extends TSchema>(body: unknown, schema: T) {
  const checked = validateUcp(schema, body ?? {})
  if (!checked.ok) throw new StoreRequestInvalidError({ reason: describeUcpViolations(checked.violations) })
  return checked.value
}

function checkedKey(key: unknown): string | undefined {
  if (key === undefined) return undefined
  if (typeof key !== 'string' || key.length === 0 || key.length > IDEMPOTENCY_KEY_CHARS_MAX) {
    throw new StoreRequestInvalidError({ reason: `the idempotency key must be 1 to ${IDEMPOTENCY_KEY_CHARS_MAX} characters` })
  }
  return key
}

/**
 * What makes two requests "the same" for a key: the caller, binding, operation, id and the
 * canonical JSON of the body. The caller is in it so that another platform reusing a key gets a
 * conflict, never the reply kept for the key's owner.
 */
function fingerprintOf(request: GatewayRequest, caller: Caller): string {
  const who = `${caller.profileUrl ?? ''} ${caller.keyThumbprint ?? ''}`
  return createHash('sha256').update(`${who}\n${request.binding}\n${request.operation} ${request.id ?? ''}\n${canonicalJson(request.body ?? null, 'body')}`).digest('hex')
}
