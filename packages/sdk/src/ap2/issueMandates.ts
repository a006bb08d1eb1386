// Issuing AP2 mandates in AP2's autonomous shape (docs/ap2-verity-constraint.md, "The mandates"):
// the platform's open Checkout and Payment Mandates (signed by its key, `kid` in the header,
// resolvable through its profile's `signing_keys`), bound to the agent's mandate key (`cnf`), and
// the agent's closed mandates over one merchant-signed checkout. Each is an SD-JWT whose
// `delegate_payload` element is the mandate content, as AP2's SDK makes them; every key is EC
// P-256 and signs ES256.
import type { UcpPublicJwk, UcpRequestKey } from '@verity/core'
import { SDJwtInstance } from '@sd-jwt/core'
import {
  AP2_ALLOWED_INSTRUMENTS_CONSTRAINT_TYPE,
  AP2_ALLOWED_MERCHANTS_CONSTRAINT_TYPE,
  AP2_ALLOWED_PAYEES_CONSTRAINT_TYPE,
  AP2_AMOUNT_RANGE_CONSTRAINT_TYPE,
  AP2_CHECKOUT_MANDATE_VCT,
  AP2_LINE_ITEMS_CONSTRAINT_TYPE,
  AP2_OPEN_CHECKOUT_MANDATE_VCT,
  AP2_OPEN_PAYMENT_MANDATE_VCT,
  AP2_PAYMENT_MANDATE_VCT,
  AP2_PAYMENT_REFERENCE_CONSTRAINT_TYPE,
  VERITY_INTENT_CONSTRAINT_TYPE,
  VERITY_PAYMENT_INSTRUMENT_TYPE,
  type Ap2Merchant,
  type Static,
  type VerityIntentConstraint,
} from '@verity/wire'
import { checkoutJwtOf } from './checkoutJwt.ts'
import { CLOSED_MANDATE_TYP, MANDATE_TYP } from './mandateHops.ts'
import { MANDATE_JWS_ALG, sdJwtHasher, sdJwtSaltGenerator, sdJwtSignerOf, sha256Base64Url } from './sdJwtKeys.ts'
import { MANDATE_LIFETIME_SECONDS_DEFAULT, MANDATE_LIFETIME_SECONDS_MAX } from '../limits.ts'

export { CLOSED_MANDATE_TYP, MANDATE_TYP }

export type IssueOpenCheckoutMandateParameters = {
  /** The platform's key (the agent's request key): it signs, and its `kid` is in the header. */
  platformKey: UcpRequestKey
  /** The agent's mandate key (public), bound in `cnf.jwk`. */
  mandateKey: UcpPublicJwk
  /** The checkout the agent found: its line items (and `merchant`, when it has one) become AP2's constraints. */
  checkout: Readonly<Record<string, unknown>>
  /** The Verity intent, with the agent's binding of the mandate key: carried as the member `dev.verity.intent` (absent: a plain AP2 mandate). */
  verity?: Static<typeof VerityIntentConstraint>
  lifetimeSeconds?: number
  nowMs?: number
}

/**
 * The open Checkout Mandate (`mandate.checkout.open.1`): AP2's constraints `checkout.line_items`
 * (the checkout's items, each line's quantity at most) and `checkout.allowed_merchants` (the
 * checkout's `merchant`), the Verity intent beside them, bound to the agent's mandate key. Returns
 * the SD-JWT (`<jwt>~<disclosure>~`).
 * @example const open = await issueOpenCheckoutMandate({ platformKey, mandateKey: mandateKey.publicJwk, checkout, verity })
 */
export async function issueOpenCheckoutMandate(parameters: IssueOpenCheckoutMandateParameters): Promise<string> {
  const iat = secondsOf(parameters.nowMs)
  const content = {
    vct: AP2_OPEN_CHECKOUT_MANDATE_VCT,
    constraints: checkoutConstraintsOf(parameters.checkout),
    cnf: { jwk: cnfJwkOf(parameters.mandateKey) },
    ...(parameters.verity === undefined ? {} : { [VERITY_INTENT_CONSTRAINT_TYPE]: parameters.verity }),
    iat,
    exp: iat + lifetimeOf(parameters.lifetimeSeconds),
  }
  return instanceOf(parameters.platformKey).issue({ iat, delegate_payload: [content] }, { delegate_payload: { _sd: [0] } }, { header: { typ: MANDATE_TYP, kid: parameters.platformKey.kid } })
}

/** AP2's checkout constraints of a checkout: one line_items requirement per line, and its merchant when it names one. */
function checkoutConstraintsOf(checkout: Readonly<Record<string, unknown>>): Record<string, unknown>[] {
  const lines = (checkout['line_items'] ?? []) as { id?: string; item?: { id?: string; title?: string }; quantity?: number }[]
  const items = lines.map((line, index) => ({
    id: line.id ?? `line_${index + 1}`,
    acceptable_items: [{ id: String(line.item?.id ?? ''), title: String(line.item?.title ?? line.item?.id ?? '') }],
    quantity: Number(line.quantity ?? 1),
  }))
  const constraints: Record<string, unknown>[] = [{ type: AP2_LINE_ITEMS_CONSTRAINT_TYPE, items }]
  const merchant = checkout['merchant'] as Static<typeof Ap2Merchant> | undefined
  if (typeof merchant?.id === 'string' && typeof merchant.name === 'string') constraints.push({ type: AP2_ALLOWED_MERCHANTS_CONSTRAINT_TYPE, allowed: [merchant] })
  return constraints
}

export type CloseCheckoutMandateParameters = {
  openMandate: string
  /** The checkout as the business answered it, with `ap2.merchant_authorization`. */
  checkout: Readonly<Record<string, unknown>>
  /** The agent's mandate key: the open mandate's `cnf`. */
  mandateKey: UcpRequestKey
  /** Who the closed mandate is for: the business's base URL. */
  audience: string
  nonce?: string
  nowMs?: number
}

export type ClosedCheckoutMandate = { checkoutMandate: string; checkoutJwt: string; checkoutHash: string; openHash: string }

/**
 * The agent's closed Checkout Mandate (`mandate.checkout.1`) over `checkout`, chained to the open
 * one as AP2 chains them: `<open SD-JWT>~<closed SD-JWT>` (the closed one is typed `kb+sd-jwt`
 * and its `sd_hash` is the hash of the open one). `checkout_jwt` is the business's signature with
 * its payload attached (the compact JWS of the checkout without `ap2`).
 * @example const { checkoutMandate } = await closeCheckoutMandate({ openMandate, checkout, mandateKey, audience: business })
 */
export async function closeCheckoutMandate(parameters: CloseCheckoutMandateParameters): Promise<ClosedCheckoutMandate> {
  const open = parameters.openMandate.endsWith('~') ? parameters.openMandate : `${parameters.openMandate}~`
  const checkoutJwt = checkoutJwtOf(parameters.checkout)
  const checkoutHash = sha256Base64Url(checkoutJwt)
  const iat = secondsOf(parameters.nowMs)
  const content = { vct: AP2_CHECKOUT_MANDATE_VCT, checkout_jwt: checkoutJwt, checkout_hash: checkoutHash, iat }
  const closed = await instanceOf(parameters.mandateKey).issue(
    { delegate_payload: [content], iat, aud: parameters.audience, nonce: parameters.nonce ?? sdJwtSaltGenerator(16), sd_hash: sha256Base64Url(open) },
    { delegate_payload: { _sd: [0], 0: { _sd: ['checkout_jwt'] } } } as never,
    { header: { typ: CLOSED_MANDATE_TYP, kid: parameters.mandateKey.kid } },
  )
  return { checkoutMandate: `${open}~${closed}`, checkoutJwt, checkoutHash, openHash: sha256Base64Url(open) }
}

export type IssuePaymentMandateParameters = {
  platformKey: UcpRequestKey
  mandateKey: UcpRequestKey
  /** The open Checkout Mandate's hash (`ClosedCheckoutMandate.openHash`): the `payment.reference`. */
  openCheckoutHash: string
  /** `checkout_hash` of the closed Checkout Mandate: the payment's `transaction_id`. */
  checkoutHash: string
  payee: Static<typeof Ap2Merchant>
  amountCents: bigint
  currency: string
  intentId: string
  audience: string
  lifetimeSeconds?: number
  nowMs?: number
}

/**
 * The Payment Mandate in AP2's autonomous shape, `<open>~<closed>`: the platform's open Payment
 * Mandate (`mandate.payment.open.1`: at most the total, to this payee, with this intent's mandate
 * payment, for this open Checkout Mandate) bound to the agent's mandate key, closed by it
 * (`mandate.payment.1`, instrument `dev.verity.mandate_payment`, id = the intent id). The
 * `credential.token` of the UCP payment instrument.
 */
export async function issuePaymentMandate(parameters: IssuePaymentMandateParameters): Promise<string> {
  const iat = secondsOf(parameters.nowMs)
  const amount = { amount: Number(parameters.amountCents), currency: parameters.currency }
  const instrument = { id: parameters.intentId, type: VERITY_PAYMENT_INSTRUMENT_TYPE, description: `Verity intent ${parameters.intentId}` }
  const openContent = {
    vct: AP2_OPEN_PAYMENT_MANDATE_VCT,
    constraints: [
      { type: AP2_AMOUNT_RANGE_CONSTRAINT_TYPE, currency: amount.currency, max: amount.amount },
      { type: AP2_ALLOWED_PAYEES_CONSTRAINT_TYPE, allowed: [parameters.payee] },
      { type: AP2_ALLOWED_INSTRUMENTS_CONSTRAINT_TYPE, allowed: [instrument] },
      { type: AP2_PAYMENT_REFERENCE_CONSTRAINT_TYPE, conditional_transaction_id: parameters.openCheckoutHash },
    ],
    cnf: { jwk: cnfJwkOf(parameters.mandateKey.publicJwk) },
    iat,
    exp: iat + lifetimeOf(parameters.lifetimeSeconds),
  }
  const open = await instanceOf(parameters.platformKey).issue({ iat, delegate_payload: [openContent] }, { delegate_payload: { _sd: [0] } }, { header: { typ: MANDATE_TYP, kid: parameters.platformKey.kid } })
  const content = { vct: AP2_PAYMENT_MANDATE_VCT, transaction_id: parameters.checkoutHash, payee: parameters.payee, payment_amount: amount, payment_instrument: instrument, iat }
  const closed = await instanceOf(parameters.mandateKey).issue(
    { delegate_payload: [content], iat, aud: parameters.audience, nonce: sdJwtSaltGenerator(16), sd_hash: sha256Base64Url(open) },
    { delegate_payload: { _sd: [0] } },
    { header: { typ: CLOSED_MANDATE_TYP, kid: parameters.mandateKey.kid } },
  )
  return `${open}~${closed}`
}

/**
 * The mandate key as `cnf.jwk`: AP2's JsonWebKey members without `use` (AP2's SDK rebuilds the key
 * from its model, whose `use` is an enum jwcrypto does not take as "sig": a key with it verifies nothing).
 */
function cnfJwkOf(jwk: UcpPublicJwk): Omit<UcpPublicJwk, 'use'> {
  const { use: _use, ...rest } = jwk
  return rest
}

function instanceOf(key: UcpRequestKey): SDJwtInstance<Record<string, unknown>> {
  return new SDJwtInstance({ signer: sdJwtSignerOf(key), signAlg: MANDATE_JWS_ALG, hasher: sdJwtHasher, hashAlg: 'sha-256', saltGenerator: sdJwtSaltGenerator, omitTyp: true })
}

function secondsOf(nowMs: number | undefined): number {
  return Math.floor((nowMs ?? Date.now()) / 1000)
}

function lifetimeOf(seconds: number | undefined): number {
  const lifetime = seconds ?? MANDATE_LIFETIME_SECONDS_DEFAULT
  if (!Number.isSafeInteger(lifetime) || lifetime < 1 || lifetime > MANDATE_LIFETIME_SECONDS_MAX)
    throw new RangeError(`"lifetimeSeconds" must be an integer from 1 to ${MANDATE_LIFETIME_SECONDS_MAX}, got ${seconds}`)
  return lifetime
}
