// AP2's receipts (specification.md: "Upon completion, a Checkout Receipt is returned to the Shopping
// Agent, and the Payment Receipt …"; checkout_receipt.json, payment_receipt.json): JWTs signed with
// the store's ES256 key (the `kid` of its profile's `signing_keys`), each bound to the closed mandate
// it answers by `reference`, the hash of that closed mandate computed as `sd_hash` is. The store adds
// them to the `ap2` object of a completed AP2 checkout (`checkout_receipt`, `payment_receipt`; UCP's
// ap2 object admits other members).
import { createHash, createPrivateKey, sign } from 'node:crypto'
import type { MerchantSigningKey } from '@verity/core'

export type Ap2Receipts = { checkout_receipt: string; payment_receipt?: string }

export type Ap2ReceiptsParameters = {
  /** `ap2.checkout_mandate` of the complete request (`<open>~<closed>`). */
  checkoutMandate: string
  /** The instrument's `credential.token` when it is an AP2 Payment Mandate chain (`<open>~<closed>`). */
  paymentMandate: unknown
  orderId: string
  /** The payment handler's reference of the applied payment. */
  paymentReference: string
  /** The store's base URL: the receipts' `iss`. */
  issuer: string
  key: MerchantSigningKey
  nowMs: number
}

/** The Success Checkout Receipt of a placed order and, for a Payment Mandate chain, the Success Payment Receipt. */
export function ap2ReceiptsOf(parameters: Ap2ReceiptsParameters): Ap2Receipts {
  const iat = Math.floor(parameters.nowMs / 1000)
  const common = { iss: parameters.issuer, iat }
  const checkout_receipt = signedJwt({ status: 'Success', ...common, reference: closedHashOf(parameters.checkoutMandate), order_id: parameters.orderId }, parameters.key)
  const paymentMandate = parameters.paymentMandate
  if (typeof paymentMandate !== 'string' || !paymentMandate.includes('~~')) return { checkout_receipt }
  const payment = { status: 'Success', ...common, reference: closedHashOf(paymentMandate), payment_id: parameters.paymentReference, psp_confirmation_id: parameters.paymentReference, network_confirmation_id: parameters.paymentReference }
  return { checkout_receipt, payment_receipt: signedJwt(payment, parameters.key) }
}

/** base64url SHA-256 of the closed mandate of a chain (what follows its `~~`), as `sd_hash` is computed. */
export function closedHashOf(chain: string): string {
  return base64Url(createHash('sha256').update(chain.slice(chain.indexOf('~~') + 2)).digest())
}

function signedJwt(payload: Record<string, unknown>, key: MerchantSigningKey): string {
  const header = base64Url(Buffer.from(JSON.stringify({ alg: key.alg, kid: key.kid, typ: 'JWT' })))
  const body = base64Url(Buffer.from(JSON.stringify(payload)))
  const digest = key.alg === 'ES384' ? 'sha384' : key.alg === 'ES512' ? 'sha512' : 'sha256'
  const signature = sign(digest, Buffer.from(`${header}.${body}`), { key: createPrivateKey({ key: key.privateJwk as never, format: 'jwk' }), dsaEncoding: 'ieee-p1363' })
  return `${header}.${body}.${base64Url(signature)}`
}

function base64Url(bytes: Buffer): string {
  return bytes.toString('base64url')
}
