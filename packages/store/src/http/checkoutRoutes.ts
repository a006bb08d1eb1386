// The REST binding of checkout and order (checkout-rest.md, order-rest.md) under the REST endpoint,
// orders also at the root, and in conformance mode the suite's shipping simulation. The work is the
// CheckoutGateway's (idempotency, locks, one transaction per reply).
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { CheckoutGateway, CheckoutOperation } from '../checkout/CheckoutGateway.ts'
import { MandateRefusedError, OrderUpdateForbiddenError, PaymentDeclinedError, SimulationForbiddenError, StoreRequestInvalidError } from '../errors/storeErrors.ts'
import { REST_ENDPOINT_PATH } from '../profile/buildBusinessProfile.ts'
import { UnreadableBody } from '../ucp/UnreadableBody.ts'
import { signedRequestOf, type BodyTexts } from './signedRequestOf.ts'

/** The headers of a refused AP2 complete that carry AP2's Error Checkout and Payment Receipts (JWTs). */
export const AP2_CHECKOUT_RECEIPT_HEADER = 'ap2-checkout-receipt'
export const AP2_PAYMENT_RECEIPT_HEADER = 'ap2-payment-receipt'

export type CheckoutRoutesOptions = {
  gateway: CheckoutGateway
  /** Bearer secret that order updates need; undefined: order updates are refused (unless `isConformance`). */
  ordersSecret: string | undefined
  /** Conformance mode: order updates need no secret, and `POST /testing/simulate-shipping/{id}` exists behind `simulationSecret`. */
  isConformance: boolean
  simulationSecret: string | undefined
  /** The JSON text of each request's body as received (its signature covers those bytes). */
  bodyTexts: BodyTexts
}

export function registerCheckoutRoutes(app: FastifyInstance, options: CheckoutRoutesOptions): void {
  const base = `${REST_ENDPOINT_PATH}/checkout-sessions`
  const route = (method: 'GET' | 'POST' | 'PUT', path: string, operation: CheckoutOperation, hasBody: boolean) =>
    app.route({
      method,
      url: path,
      handler: async (request, reply) => {
        echoRequestId(request, reply)
        const id = (request.params as { id?: string }).id
        const answer = await options.gateway.run({
          operation,
          ...(id === undefined ? {} : { id }),
          ...(hasBody ? { body: bodyOf(request) } : {}),
          agent: { header: request.headers['ucp-agent'] as string | undefined },
          signed: signedRequestOf(request, options.bodyTexts.get(request.raw)),
          idempotencyKey: request.headers['idempotency-key'] as string | undefined,
          binding: `REST ${method} ${path}`,
          ...(operation === 'update_order' ? { authorize: () => checkOrdersSecret(request, options) } : {}),
        }).catch((error: unknown) => {
          sendErrorReceipts(reply, error)
          throw error
        })
        return send(reply, answer)
      },
    })

  route('POST', base, 'create_checkout', true)
  route('GET', `${base}/:id`, 'get_checkout', false)
  route('PUT', `${base}/:id`, 'update_checkout', true)
  route('POST', `${base}/:id/complete`, 'complete_checkout', true)
  route('POST', `${base}/:id/cancel`, 'cancel_checkout', false)
  for (const prefix of [REST_ENDPOINT_PATH, '']) {
    route('GET', `${prefix}/orders/:id`, 'get_order', false)
    route('PUT', `${prefix}/orders/:id`, 'update_order', true)
  }
  if (options.isConformance) {
    app.post('/testing/simulate-shipping/:id', async (request, reply) => {
      if (!isSecretGiven(request.headers['simulation-secret'], options.simulationSecret)) throw new SimulationForbiddenError()
      return send(reply, await options.gateway.simulateShipping((request.params as { id: string }).id))
    })
  }
}

function send(reply: FastifyReply, answer: { status: number; body: string }): FastifyReply {
  return reply.code(answer.status).type('application/json').send(answer.body)
}

function bodyOf(request: FastifyRequest): unknown {
  if (request.body instanceof UnreadableBody) throw new StoreRequestInvalidError({ reason: `the body is not JSON (${request.body.reason})` })
  return request.body
}

function checkOrdersSecret(request: FastifyRequest, options: CheckoutRoutesOptions): void {
  if (options.isConformance) return
  const header = request.headers['authorization']
  const given = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : undefined
  if (!isSecretGiven(given, options.ordersSecret)) throw new OrderUpdateForbiddenError()
}

function isSecretGiven(given: unknown, secret: string | undefined): boolean {
  if (secret === undefined || typeof given !== 'string') return false
  return timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(secret).digest())
}

/**
 * AP2's Error receipts of a refused AP2 complete, beside UCP's error: UCP's error_response.json admits
 * no other member, so they ride in the headers AP2-Checkout-Receipt and AP2-Payment-Receipt.
 */
function sendErrorReceipts(reply: FastifyReply, error: unknown): void {
  const receipts = error instanceof MandateRefusedError || error instanceof PaymentDeclinedError ? error.fields.ap2Receipts : undefined
  if (receipts?.checkout_receipt !== undefined) void reply.header(AP2_CHECKOUT_RECEIPT_HEADER, receipts.checkout_receipt)
  if (receipts?.payment_receipt !== undefined) void reply.header(AP2_PAYMENT_RECEIPT_HEADER, receipts.payment_receipt)
}

function echoRequestId(request: FastifyRequest, reply: FastifyReply): void {
  const id = request.headers['request-id']
  if (typeof id === 'string' && id.length <= 128) void reply.header('request-id', id)
}
