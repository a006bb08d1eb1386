import { VERITY_VERSION } from '@verity/core'
import Fastify, { type FastifyInstance } from 'fastify'
import { applyServerTimeouts, exposeMetrics, exposeReadiness, httpEdge, LOG_REDACT_PATHS, ServiceMetrics } from '@verity/server'
import type { StoreCatalog } from '../catalog/StoreCatalog.ts'
import { EXPIRED_SESSION_KEPT_MS, IDEMPOTENCY_TTL_MS, STATE_CLEANUP_INTERVAL_MS, STORE_REQUEST_BODY_BYTES_MAX } from '../limits.ts'
import { buildBusinessProfile, PROFILE_PATH, type StorePayee } from '../profile/buildBusinessProfile.ts'
import { UnreadableBody } from '../ucp/UnreadableBody.ts'
import { registerMcpRoute } from './mcpRoute.ts'
import type { BodyTexts } from './signedRequestOf.ts'
import { registerRestRoutes } from './restRoutes.ts'
import { storeErrorBody } from './storeErrorBody.ts'
import { httpStatusByCode } from './ucpErrorCodes.ts'
import { errorReply } from '../ucp/responseEnvelope.ts'
import { CheckoutService, orderPermalinkOf } from '../checkout/CheckoutService.ts'
import { OrderService } from '../checkout/orders/OrderService.ts'
import type { MandateCheck } from '../checkout/payment/MandateCheck.ts'
import type { PaymentHandler } from '../checkout/payment/PaymentHandler.ts'
import { PlatformResolver } from '../checkout/platform/PlatformResolver.ts'
import { merchandiseOf } from '../checkout/shop/Merchandise.ts'
import type { ShopRules } from '../checkout/shop/ShopRules.ts'
import type { MerchantKey } from '../checkout/signing/merchantSigningKey.ts'
import type { CheckoutStateStore } from '../checkout/state/CheckoutStateStore.ts'
import { OrderWebhooks } from '../checkout/webhooks/OrderWebhooks.ts'
import { registerCheckoutRoutes } from './checkoutRoutes.ts'
import { CheckoutGateway } from '../checkout/CheckoutGateway.ts'

export type BuildStoreAppOptions = {
  catalog: StoreCatalog
  /** The URL agents reach the store at (`http://127.0.0.1:8095`): the profile's endpoints are under it. A function is asked on each profile request (the port may be known only once listening). */
  baseUrl: string | (() => string)
  /** Whom the `dev.verity.domain` payment handler names; undefined: the profile lists no payment handler. */
  payee: StorePayee | undefined
  /** pino level (default `info`). */
  logLevel?: string
  /** Largest request body (default STORE_REQUEST_BODY_BYTES_MAX). */
  bodyBytesMax?: number
  /** The checkout and order capabilities (docs/ucp.md "Checkout"); undefined: a catalog-only store. */
  checkout?: StoreCheckoutOptions
}

/** What the store sells with: its state file, rules, signing key, payment handlers and egress rules. */
export type StoreCheckoutOptions = {
  state: CheckoutStateStore
  rules: ShopRules
  key: MerchantKey
  handlers: readonly PaymentHandler[]
  /** Verifies AP2 checkout mandates; with it the store offers `dev.ucp.shopping.ap2_mandate`. */
  mandateCheck?: MandateCheck
  /** Hosts besides loopback the store may fetch platform profiles from and post webhooks to (https only). */
  platformHostsAllowed: readonly string[]
  /** Bearer secret for order updates (PUT /orders/{id}); undefined: refused outside conformance mode. */
  ordersSecret?: string
  /** Conformance mode (off unless given): lenient platform profiles, order updates without a secret, and the shipping simulation behind this secret. */
  conformance?: { simulationSecret: string }
  /**
   * Profile URLs of the verifiers this business lets read any checkout session (GET only, their
   * requests signed with a key of that profile): the extractors that prove its checkouts for
   * Verity intents. Asked on each read (the devnet knows its orchestrator's URL only once it listens).
   */
  checkoutReaders?: () => readonly string[]
  /** Platform profiles known without fetching, by URL (`--known-platforms`). */
  knownPlatformProfiles?: Readonly<Record<string, Readonly<Record<string, unknown>>>>
  /** fetch for profiles and webhooks (tests). */
  fetchImpl?: typeof fetch
}

/**
 * The demo store as a fastify app (not listening): `GET /.well-known/ucp`, the REST binding under
 * `/ucp`, the MCP binding at `/ucp/mcp`, `GET /health` and `GET /metrics` (Prometheus, docs/operations.md). JSON bodies only, bounded, through the
 * shared HTTP edge, with the server time-outs every Verity service has.
 * @example const app = await buildStoreApp({ catalog: loadStoreCatalog(DEMO_CATALOG_PATH), baseUrl, payee: undefined })
 */
export async function buildStoreApp(options: BuildStoreAppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: options.logLevel ?? 'info', redact: [...LOG_REDACT_PATHS] }, bodyLimit: options.bodyBytesMax ?? STORE_REQUEST_BODY_BYTES_MAX })
  applyServerTimeouts(app.server)
  // Checkout requests are signed over their body's bytes (RFC 9530 Content-Digest): the text is kept beside the parsed body.
  const bodyTexts: BodyTexts = new WeakMap()
  await app.register(httpEdge, {
    statusByCode: httpStatusByCode,
    errorBody: storeErrorBody,
    isJsonOnly: true,
    onUnreadable: (reason) => new UnreadableBody(reason),
    onBodyText: (request, text) => void bodyTexts.set(request.raw, text),
  })
  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send(errorReply('not_found', `no route ${request.method} ${request.url.split('?')[0]!.slice(0, 200)} (the profile is at /.well-known/ucp)`))
  })
  app.get('/health', async () => ({ ok: true }))
  exposeMetrics(app, new ServiceMetrics('store'))
  exposeReadiness(app)
  const { baseUrl, payee } = options
  const baseUrlNow = () => (typeof baseUrl === 'string' ? baseUrl : baseUrl())
  const checkout = options.checkout
  const profileCheckout = checkout === undefined ? undefined : { signingKey: checkout.key.publicJwk, handlers: checkout.handlers, isAp2Offered: checkout.mandateCheck !== undefined }
  const profileOf = () => buildBusinessProfile({ baseUrl: baseUrlNow(), payee, ...(profileCheckout === undefined ? {} : { checkout: profileCheckout }) })
  registerRestRoutes(app, { catalog: options.catalog, profileOf })
  const gateway = checkout === undefined ? undefined : registerCheckout(app, options.catalog, checkout, baseUrlNow, bodyTexts)
  registerMcpRoute(app, { catalog: options.catalog, version: VERITY_VERSION, bodyTexts, ...(gateway === undefined ? {} : { gateway }) })
  return app
}

function registerCheckout(app: FastifyInstance, catalog: StoreCatalog, checkout: StoreCheckoutOptions, baseUrl: () => string, bodyTexts: BodyTexts): CheckoutGateway {
  const egress = { hostsAllowed: checkout.platformHostsAllowed }
  const fetchImpl = checkout.fetchImpl === undefined ? {} : { fetchImpl: checkout.fetchImpl }
  const webhooks = new OrderWebhooks({ egress, profileUrl: () => `${baseUrl()}${PROFILE_PATH}`, key: checkout.key.signing, log: app.log, outbox: checkout.state, ...fetchImpl })
  app.addHook('onReady', async () => {
    const resumed = webhooks.resume()
    if (resumed > 0) app.log.info({ resumed }, 'order webhooks kept from before the restart are sent again')
  })
  const permalinkOf = (orderId: string) => orderPermalinkOf(baseUrl(), orderId)
  const orders = new OrderService({ state: checkout.state, permalinkOf, events: webhooks })
  const checkouts = new CheckoutService({
    state: checkout.state,
    rules: checkout.rules,
    catalog: merchandiseOf(catalog, checkout.rules, (id) => checkout.state.takenUnits(id)),
    key: checkout.key,
    handlers: checkout.handlers,
    mandateCheck: checkout.mandateCheck,
    baseUrl,
    events: webhooks,
  })
  const platforms = new PlatformResolver({
    egress,
    isAp2Offered: checkout.mandateCheck !== undefined,
    isLenient: checkout.conformance !== undefined,
    ...(checkout.knownPlatformProfiles === undefined ? {} : { knownProfiles: checkout.knownPlatformProfiles }),
    ...fetchImpl,
  })
  const gateway = new CheckoutGateway({
    checkouts,
    orders,
    platforms,
    state: checkout.state,
    isLenient: checkout.conformance !== undefined,
    ...(checkout.checkoutReaders === undefined ? {} : { checkoutReaders: checkout.checkoutReaders }),
  })
  registerCheckoutRoutes(app, {
    gateway,
    bodyTexts,
    ordersSecret: checkout.ordersSecret,
    isConformance: checkout.conformance !== undefined,
    simulationSecret: checkout.conformance?.simulationSecret,
  })
  const policies = checkout.rules.policies ?? {}
  app.get('/policies/:name', async (request, reply) => {
    const text = Object.hasOwn(policies, (request.params as { name: string }).name) ? policies[(request.params as { name: string }).name] : undefined
    if (text === undefined) return reply.code(404).send(errorReply('not_found', 'no such policy page'))
    return reply.type('text/plain; charset=utf-8').send(text)
  })
  const cleanUp = () => {
    const dropped = checkout.state.dropStale({ replyTtlMs: IDEMPOTENCY_TTL_MS, sessionKeptMs: EXPIRED_SESSION_KEPT_MS })
    if (dropped.replies + dropped.sessions > 0) app.log.info(dropped, 'stale idempotency replies and expired sessions deleted')
  }
  cleanUp()
  const cleanup = setInterval(cleanUp, STATE_CLEANUP_INTERVAL_MS)
  cleanup.unref()
  app.addHook('onClose', async () => {
    clearInterval(cleanup)
    webhooks.close()
  })
  return gateway
}
