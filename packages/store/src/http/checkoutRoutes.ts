// The REST binding of checkout and order (checkout-rest.md, order-rest.md) under the REST endpoint,
// orders also at the root, and in conformance mode the suite's shipping simulation. Every mutation
// honours `Idempotency-Key` (a replay gets the stored status and body; the key with another request
// is 409), and runs under the locks of its session and key so that nothing is done twice at once.
import { createHash, timingSafeEqual } from 'node:crypto'
import { canonicalJson, VerityError } from '@verity/core'
import { describeUcpViolations, UcpCheckoutCompleteRequest, UcpCheckoutCreateRequest, UcpCheckoutUpdateRequest, validateUcp } from '@verity/wire'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { TSchema } from 'typebox'
import type { CheckoutService, Outcome } from '../checkout/CheckoutService.ts'
import { KeyedLocks } from '../checkout/KeyedLocks.ts'
import type { OrderService } from '../checkout/orders/OrderService.ts'
import type { Platform, PlatformResolver } from '../checkout/platform/PlatformResolver.ts'
import type { CheckoutStateStore } from '../checkout/state/CheckoutStateStore.ts'
import { IdempotencyConflictError, OrderUpdateForbiddenError, SimulationForbiddenError, StoreRequestInvalidError } from '../errors/storeErrors.ts'
import { IDEMPOTENCY_KEY_CHARS_MAX, IDEMPOTENCY_TTL_MS } from '../limits.ts'
import { REST_ENDPOINT_PATH } from '../profile/buildBusinessProfile.ts'
import { UnreadableBody } from '../ucp/UnreadableBody.ts'
import { storeErrorBody } from './storeErrorBody.ts'
import { answerOf } from './ucpErrorCodes.ts'

export type CheckoutRoutesOptions = {
  checkouts: CheckoutService
  orders: OrderService
  platforms: PlatformResolver
  state: CheckoutStateStore
  /** Bearer secret that order updates need; undefined: order updates are refused (unless `isConformance`). */
  ordersSecret: string | undefined
  /** Conformance mode: order updates need no secret, and `POST /testing/simulate-shipping/{id}` exists behind `simulationSecret`. */
  isConformance: boolean
  simulationSecret: string | undefined
}

type Operation = (platform: Platform, request: FastifyRequest) => Promise<Outcome>

export function registerCheckoutRoutes(app: FastifyInstance, options: CheckoutRoutesOptions): void {
  const { checkouts, orders } = options
  const locks = new KeyedLocks()
  const base = `${REST_ENDPOINT_PATH}/checkout-sessions`
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id
  const route = (method: 'GET' | 'POST' | 'PUT', path: string, operation: Operation, isMutation: boolean) =>
    app.route({ method, url: path, handler: (request, reply) => answer(request, reply, operation, isMutation) })

  route('POST', base, (platform, request) => checkouts.create(platform, bodyOf(request, UcpCheckoutCreateRequest)), true)
  route('GET', `${base}/:id`, (platform, request) => checkouts.get(platform, idOf(request)), false)
  route('PUT', `${base}/:id`, (platform, request) => checkouts.update(platform, idOf(request), bodyOf(request, UcpCheckoutUpdateRequest)), true)
  route('POST', `${base}/:id/complete`, (platform, request) => checkouts.complete(platform, idOf(request), bodyOf(request, UcpCheckoutCompleteRequest)), true)
  route('POST', `${base}/:id/cancel`, (platform, request) => checkouts.cancel(platform, idOf(request)), true)
  for (const prefix of [REST_ENDPOINT_PATH, '']) {
    route('GET', `${prefix}/orders/:id`, async (_platform, request) => orders.get(idOf(request)), false)
    route('PUT', `${prefix}/orders/:id`, async (_platform, request) => {
      checkOrdersSecret(request, options)
      return orders.update(idOf(request), request.body)
    }, true)
  }
  if (options.isConformance) {
    app.post('/testing/simulate-shipping/:id', async (request, reply) => {
      if (!isSecretGiven(request.headers['simulation-secret'], options.simulationSecret)) throw new SimulationForbiddenError()
      return send(reply, await locks.run([`order:${idOf(request)}`], async () => commit(orders.simulateShipping(idOf(request)))))
    })
  }

  async function answer(request: FastifyRequest, reply: FastifyReply, operation: Operation, isMutation: boolean): Promise<FastifyReply> {
    echoRequestId(request, reply)
    const platform = await options.platforms.resolve(request.headers['ucp-agent'] as string | undefined)
    if (!isMutation) return send(reply, await operation(platform, request))
    const key = idempotencyKeyOf(request)
    const id = (request.params as { id?: string }).id
    const kind = (request.routeOptions.url ?? '').includes('/orders/') ? 'order' : 'checkout'
    const lockNames = [...(id === undefined ? [] : [`${kind}:${id}`]), ...(key === undefined ? [] : [`key:${key}`])]
    return locks.run(lockNames, async () => {
      const fingerprint = key === undefined ? '' : fingerprintOf(request)
      if (key !== undefined) {
        const kept = options.state.reply(key, IDEMPOTENCY_TTL_MS)
        if (kept !== undefined) {
          if (kept.fingerprint !== fingerprint) throw new IdempotencyConflictError({ key })
          return reply.code(kept.status).type('application/json').send(kept.body)
        }
      }
      let outcome: Outcome
      try {
        outcome = await operation(platform, request)
      } catch (error) {
        if (key !== undefined) keepFailure(request, key, fingerprint, error)
        throw error
      }
      const body = JSON.stringify(outcome.body)
      commit({ ...outcome, write: { ...outcome.write, ...(key === undefined ? {} : { reply: { key, fingerprint, status: outcome.status, body } }) } })
      return reply.code(outcome.status).type('application/json').send(body)
    })
  }

  /** Writes an outcome, then runs what follows it (webhooks go out only for what is stored). */
  function commit(outcome: Outcome): Outcome {
    if (outcome.write !== undefined) options.state.write(outcome.write)
    outcome.after?.()
    return outcome
  }

  /** A refused mutation is kept for its key too (a replay gets the same refusal), unless it is a server failure or a conflict. */
  function keepFailure(request: FastifyRequest, key: string, fingerprint: string, error: unknown): void {
    if (!(error instanceof VerityError)) return
    const status = answerOf(error.code).status
    if (status >= 500 || error instanceof IdempotencyConflictError) return
    const body = JSON.stringify(storeErrorBody({ status, code: error.code, message: error.message, error }, request))
    options.state.write({ reply: { key, fingerprint, status, body } })
  }
}

function send(reply: FastifyReply, outcome: Outcome): FastifyReply {
  return reply.code(outcome.status).send(outcome.body)
}

function bodyOf<T extends TSchema>(request: FastifyRequest, schema: T) {
  if (request.body instanceof UnreadableBody) throw new StoreRequestInvalidError({ reason: `the body is not JSON (${request.body.reason})` })
  const checked = validateUcp(schema, request.body ?? {})
  if (!checked.ok) throw new StoreRequestInvalidError({ reason: describeUcpViolations(checked.violations) })
  return checked.value
}

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key']
  if (key === undefined) return undefined
  if (typeof key !== 'string' || key.length === 0 || key.length > IDEMPOTENCY_KEY_CHARS_MAX) {
    throw new StoreRequestInvalidError({ reason: `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_CHARS_MAX} characters` })
  }
  return key
}

/** What makes two requests "the same" for a key: method, path and the canonical JSON of the body. */
function fingerprintOf(request: FastifyRequest): string {
  const body = request.body instanceof UnreadableBody ? { unreadable: request.body.reason } : (request.body ?? null)
  return createHash('sha256').update(`${request.method} ${request.url.split('?')[0]}\n${canonicalJson(body, 'body')}`).digest('hex')
}

function checkOrdersSecret(request: FastifyRequest, options: CheckoutRoutesOptions): void {
  if (options.isConformance) return
  const header = request.headers['authorization']
  const given = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : undefined
  if (!isSecretGiven(given, options.ordersSecret)) throw new OrderUpdateForbiddenError()
}

function isSecretGiven(given: unknown, secret: string | undefined): boolean {
  if (secret === undefined || typeof given !== 'string') return false
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(secret).digest()
  return timingSafeEqual(a, b)
}

function echoRequestId(request: FastifyRequest, reply: FastifyReply): void {
  const id = request.headers['request-id']
  if (typeof id === 'string' && id.length <= 128) void reply.header('request-id', id)
}
