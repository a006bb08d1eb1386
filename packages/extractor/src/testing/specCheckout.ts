// Checkout for the spec business (startSpecUcpBusiness), written from UCP 2026-04-08 alone:
// checkout.md / checkout-rest.md (create, get, update, complete), ap2-mandates.md (the business
// signs every checkout response: `ap2.merchant_authorization`, a detached JWS over JCS of the
// checkout without `ap2`; complete requires `ap2.checkout_mandate`), and the payment handler a
// complete names. What a complete does with the mandate and the payment is the test's to say
// (`complete`): the tests evaluate the Verity constraint there, as any merchant would, with the SDK.
import { signMerchantAuthorization, type MerchantSigningKey } from '@verity/core'
import { generateKeyPairSync } from 'node:crypto'
import type { SpecProduct } from './SpecProduct.ts'

export type SpecCompleteOutcome = { status: number; body: unknown }

export type SpecCheckoutOptions = {
  /** Offer `dev.ucp.shopping.ap2_mandate` (default true): sign checkouts, require a checkout mandate at complete. */
  ap2?: boolean
  /** Flat shipping, in minor units (default 500). */
  shippingCents?: number
  /** `ucp.payment_handlers` of its checkouts (default the profile's): a business may offer a platform fewer handlers than its profile lists. */
  checkoutPaymentHandlers?: Record<string, unknown[]>
  /**
   * Decides a complete of a ready session whose request passed the spec's checks: returns an
   * order id to complete it (the payment was applied), or a refusal (status and UCP error body).
   */
  complete: (input: { checkout: Record<string, unknown>; request: Record<string, unknown> }) => Promise<{ orderId: string } | SpecCompleteOutcome>
}

export type SpecCheckouts = {
  signingKeys: Record<string, unknown>[]
  capabilities: Record<string, unknown[]>
  handle(method: string, path: string, body: unknown): Promise<SpecCompleteOutcome | undefined>
}

const SPEC = 'https://ucp.dev/2026-04-08'

export async function specCheckouts(base: () => string, products: SpecProduct[], paymentHandlers: Record<string, unknown[]>, options: SpecCheckoutOptions): Promise<SpecCheckouts> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const key: MerchantSigningKey = { kid: 'spec-business-1', alg: 'ES256', privateJwk: privateKey.export({ format: 'jwk' }) as MerchantSigningKey['privateJwk'] }
  const isAp2 = options.ap2 ?? true
  const sessions = new Map<string, Record<string, unknown>>()
  let next = 1
  const capabilities: Record<string, unknown[]> = {
    'dev.ucp.shopping.checkout': [{ version: '2026-04-08', spec: `${SPEC}/specification/checkout`, schema: `${SPEC}/schemas/shopping/checkout.json` }],
    ...(isAp2 ? { 'dev.ucp.shopping.ap2_mandate': [{ version: '2026-04-08', spec: `${SPEC}/specification/ap2-mandates`, schema: `${SPEC}/schemas/shopping/ap2_mandate.json`, extends: 'dev.ucp.shopping.checkout', config: { vp_formats_supported: { 'dc+sd-jwt': {} } } }] } : {}),
  }
  const priceOf = (itemId: string) => {
    for (const product of products) {
      const variant = product.variants.find((candidate) => candidate.id === itemId) as { price?: { amount: number }; title?: string } | undefined
      if (variant?.price !== undefined) return { amount: variant.price.amount, title: variant.title ?? itemId }
    }
    return undefined
  }
  async function answer(status: number, session: Record<string, unknown>): Promise<SpecCompleteOutcome> {
    const { ap2: _ap2, ...body } = session
    return { status, body: isAp2 ? { ...body, ap2: { merchant_authorization: await signMerchantAuthorization(body, key) } } : body }
  }
  function priced(id: string, request: { line_items?: { item: { id: string }; quantity: number }[]; buyer?: unknown }): Record<string, unknown> | SpecCompleteOutcome {
    const lines = (request.line_items ?? []).map((line, index) => {
      const price = priceOf(line.item.id)
      return price === undefined ? undefined : { id: `li_${index + 1}`, item: { id: line.item.id, title: price.title, price: price.amount }, quantity: line.quantity, totals: [{ type: 'subtotal', amount: price.amount * line.quantity }, { type: 'total', amount: price.amount * line.quantity }] }
    })
    if (lines.length === 0 || lines.some((line) => line === undefined)) return { status: 400, body: { messages: [{ type: 'error', code: 'not_found', content: 'item not found', severity: 'unrecoverable' }] } }
    const subtotal = lines.reduce((sum, line) => sum + (line!.totals[1]!.amount as number), 0)
    const shipping = options.shippingCents ?? 500
    const buyer = request.buyer as { email?: string } | undefined
    return {
      ucp: { version: '2026-04-08', capabilities, payment_handlers: options.checkoutPaymentHandlers ?? paymentHandlers },
      id,
      status: typeof buyer?.email === 'string' ? 'ready_for_complete' : 'incomplete',
      currency: 'USD',
      line_items: lines,
      ...(buyer === undefined ? {} : { buyer }),
      totals: [{ type: 'subtotal', amount: subtotal }, { type: 'fulfillment', amount: shipping }, { type: 'total', amount: subtotal + shipping }],
      links: [{ type: 'terms_of_service', url: `${base()}/terms` }],
    }
  }
  return {
    signingKeys: [{ ...publicKey.export({ format: 'jwk' }), kid: key.kid, alg: 'ES256', use: 'sig' }],
    capabilities,
    async handle(method, path, body) {
      const match = /^\/api\/ucp\/checkout-sessions(?:\/([^/]+))?(\/complete)?$/.exec(path)
      if (match === null) return undefined
      const [, id, isComplete] = match
      if (method === 'POST' && id === undefined) {
        const session = priced(`chk_${next++}`, (body ?? {}) as never)
        if ('status' in session && typeof session.status === 'number') return session as SpecCompleteOutcome
        sessions.set((session as { id: string }).id, session as Record<string, unknown>)
        return answer(201, session as Record<string, unknown>)
      }
      const session = id === undefined ? undefined : sessions.get(decodeURIComponent(id))
      if (session === undefined) return { status: 404, body: { messages: [{ type: 'error', code: 'not_found', content: 'checkout session not found', severity: 'unrecoverable' }] } }
      if (method === 'GET' && isComplete === undefined) return answer(200, session)
      if (method === 'PUT' && isComplete === undefined) {
        const updated = priced(session.id as string, { line_items: (session.line_items as never[]).map((line: { item: { id: string }; quantity: number }) => ({ item: { id: line.item.id }, quantity: line.quantity })), buyer: session.buyer, ...(body as object) })
        if ('status' in updated && typeof updated.status === 'number') return updated as SpecCompleteOutcome
        sessions.set(session.id as string, updated as Record<string, unknown>)
        return answer(200, updated as Record<string, unknown>)
      }
      if (method === 'POST' && isComplete !== undefined) {
        if (session.status !== 'ready_for_complete') return { status: 409, body: { messages: [{ type: 'error', code: 'invalid_state', content: `the session is ${String(session.status)}`, severity: 'unrecoverable' }] } }
        const request = (body ?? {}) as Record<string, unknown>
        if (isAp2 && typeof (request.ap2 as { checkout_mandate?: unknown } | undefined)?.checkout_mandate !== 'string')
          return { status: 400, body: { messages: [{ type: 'error', code: 'mandate_required', content: 'AP2 was negotiated: ap2.checkout_mandate is required', severity: 'unrecoverable' }] } }
        const signed = (await answer(200, session)).body as Record<string, unknown>
        const decided = await options.complete({ checkout: signed, request })
        if ('status' in decided) return decided
        const completed = { ...session, status: 'completed', order: { id: decided.orderId, permalink_url: `${base()}/orders/${decided.orderId}` } }
        sessions.set(session.id as string, completed)
        return answer(200, completed)
      }
      return { status: 405, body: { messages: [{ type: 'error', code: 'method_not_allowed', content: method, severity: 'unrecoverable' }] } }
    },
  }
}
