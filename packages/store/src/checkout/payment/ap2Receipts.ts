// AP2's receipts (specification.md: "Upon completion, a Checkout Receipt is returned to the Shopping
// Agent, and the Payment Receipt …"; checkout_receipt.json, payment_receipt.json): JWTs signed with
// the store's ES256 key (the `kid` of its profile's `signing_keys`), each bound to the closed mandate
// it answers by `reference`, the hash of that closed mandate computed as `sd_hash` is. The store adds
// them to the `ap2` object of a completed AP2 checkout (`checkout_receipt`, `payment_receipt`; UCP's
// ap2 object admits other members).
import { createHash, createPrivateKey, sign } from 'node:crypto'
import type { MerchantSigningKey } from '@verity/core'
import { AP2_REFUSALS } from '@verity/sdk'

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

export type Ap2ErrorReceiptsParameters = Omit<Ap2ReceiptsParameters, 'orderId' | 'paymentReference'> & {
  /** AP2's error (`invalid_credential`, `unresolved_constraint`, `invalid_mandate`, …). */
  error: string
  errorDescription: string
  /** The instrument's id: the Error Payment Receipt's `payment_id` (no payment was made). */
  paymentId: string
}

/**
 * The Error Checkout Receipt of a refused AP2 complete (the mandate refused, or the payment declined)
 * and, for a Payment Mandate chain, the Error Payment Receipt: `{status: "Error", iss, iat, reference,
 * error, error_description}` (checkout_receipt.json, payment_receipt.json). A chain without `~~` is
 * referenced by the hash of all of it.
 */
export function ap2ErrorReceiptsOf(parameters: Ap2ErrorReceiptsParameters): Ap2Receipts {
  const common = { status: 'Error', iss: parameters.issuer, iat: Math.floor(parameters.nowMs / 1000), error: parameters.error, error_description: parameters.errorDescription }
  const checkout_receipt = signedJwt({ ...common, reference: closedHashOf(parameters.checkoutMandate) }, parameters.key)
  const paymentMandate = parameters.paymentMandate
  if (typeof paymentMandate !== 'string' || !paymentMandate.includes('~~')) return { checkout_receipt }
  return { checkout_receipt, payment_receipt: signedJwt({ ...common, reference: closedHashOf(paymentMandate), payment_id: parameters.paymentId }, parameters.key) }
}

/**
 * AP2's error for a refusal: the one of the `AP2_*`/`VERITY_*` code its reason starts with, else by
 * the UCP code (`invalid_credential` for a credential's, `invalid_mandate` for the mandate's), else
 * the UCP code itself (a declined payment: `payment_failed`, `intent_already_used`).
 */
export function ap2ErrorOf(ucpCode: string, reason: string): string {
  const named = /^([A-Z0-9_]+):/.exec(reason)?.[1]
  if (named !== undefined && Object.hasOwn(AP2_REFUSALS, named)) return AP2_REFUSALS[named as keyof typeof AP2_REFUSALS].ap2
  if (CREDENTIAL_CODES.has(ucpCode)) return 'invalid_credential'
  return MANDATE_CODES.has(ucpCode) ? 'invalid_mandate' : ucpCode
}

const CREDENTIAL_CODES: ReadonlySet<string> = new Set(['mandate_invalid_signature', 'mandate_expired', 'agent_missing_key'])
const MANDATE_CODES: ReadonlySet<string> = new Set(['mandate_scope_mismatch', 'merchant_authorization_invalid', 'merchant_authorization_missing'])

/** base64url SHA-256 of the closed mandate of a chain (what follows its `~~`), as `sd_hash` is computed. */
export function closedHashOf(chain: string): string {
  return base64Url(createHash('sha256').update(chain.includes('~~') ? chain.slice(chain.indexOf('~~') + 2) : chain).digest())
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
