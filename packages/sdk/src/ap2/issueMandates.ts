// Issuing AP2 mandates (docs/ap2-verity-constraint.md, "Presenting"): the user's open Checkout
// Mandate naming a Verity intent, the agent's closed Checkout Mandate over one merchant-signed
// checkout, and the agent's Payment Mandate paying it with the intent's mandate payment. Each is an
// SD-JWT whose `delegate_payload` element is the mandate content, as AP2's examples show.
import type { KeySigner } from '@verity/core'
import { SDJwtInstance } from '@sd-jwt/core'
import {
  AP2_CHECKOUT_MANDATE_VCT,
  AP2_OPEN_CHECKOUT_MANDATE_VCT,
  AP2_PAYMENT_MANDATE_VCT,
  VERITY_PAYMENT_INSTRUMENT_TYPE,
  type Ap2Merchant,
  type Static,
  type VerityIntentConstraint,
} from '@verity/wire'
import { assertMandateSigner } from './assertMandateSigner.ts'
import { checkoutJwtOf } from './checkoutJwt.ts'
import { ed25519PublicJwk, MANDATE_JWS_ALG, sdJwtHasher, sdJwtSaltGenerator, sdJwtSignerOf, sha256Base64Url } from './sdJwtKeys.ts'
import { MANDATE_LIFETIME_SECONDS_DEFAULT, MANDATE_LIFETIME_SECONDS_MAX } from '../limits.ts'

/** The `typ` of an issued mandate SD-JWT, and of a closed one bound to an open one (AP2's example). */
export const MANDATE_TYP = 'dc+sd-jwt'
export const CLOSED_MANDATE_TYP = 'kb+sd-jwt'

export type IssueOpenCheckoutMandateParameters = {
  /** The intent's signer (the user): the same key signs the intent and the open mandate. */
  user: KeySigner
  constraint: Static<typeof VerityIntentConstraint>
  /** The agent's Ed25519 public key (base58 or bytes), bound in `cnf.jwk`. */
  agentPublicKey: string | Uint8Array
  lifetimeSeconds?: number
  nowMs?: number
}

/**
 * The user's open Checkout Mandate (`mandate.checkout.open.1`) whose one constraint is the Verity
 * intent, bound to the agent's key. Returns the SD-JWT (`<jwt>~<disclosure>~`).
 * @example const open = await issueOpenCheckoutMandate({ user, agentPublicKey: agent.publicKeyBase58, constraint: verityIntentConstraintOf(bundle, orchestratorUrl) })
 */
export async function issueOpenCheckoutMandate(parameters: IssueOpenCheckoutMandateParameters): Promise<string> {
  assertMandateSigner({ user: parameters.user })
  const iat = secondsOf(parameters.nowMs)
  const lifetime = lifetimeOf(parameters.lifetimeSeconds)
  const content = {
    vct: AP2_OPEN_CHECKOUT_MANDATE_VCT,
    constraints: [parameters.constraint],
    cnf: { jwk: ed25519PublicJwk(parameters.agentPublicKey) },
    iat,
    exp: iat + lifetime,
  }
  return instanceOf(parameters.user).issue({ iat, delegate_payload: [content] }, { delegate_payload: { _sd: [0] } }, { header: { typ: MANDATE_TYP } })
}

export type CloseCheckoutMandateParameters = {
  openMandate: string
  /** The checkout as the business answered it, with `ap2.merchant_authorization`. */
  checkout: Readonly<Record<string, unknown>>
  /** The agent: its key is the open mandate's `cnf`. */
  agent: KeySigner
  /** Who the closed mandate is for: the business's base URL. */
  audience: string
  nonce?: string
  nowMs?: number
}

export type ClosedCheckoutMandate = { checkoutMandate: string; checkoutJwt: string; checkoutHash: string }

/**
 * The agent's closed Checkout Mandate (`mandate.checkout.1`) over `checkout`, chained to the open
 * one as AP2 chains them: `<open SD-JWT>~<closed SD-JWT>` (the closed one is typed `kb+sd-jwt`
 * and its `sd_hash` is the hash of the open one). `checkout_jwt` is the business's signature with
 * its payload attached (the compact JWS of the checkout without `ap2`).
 * @example const { checkoutMandate } = await closeCheckoutMandate({ openMandate, checkout, agent, audience: business })
 */
export async function closeCheckoutMandate(parameters: CloseCheckoutMandateParameters): Promise<ClosedCheckoutMandate> {
  assertMandateSigner({ agent: parameters.agent })
  const open = parameters.openMandate.endsWith('~') ? parameters.openMandate : `${parameters.openMandate}~`
  const checkoutJwt = checkoutJwtOf(parameters.checkout)
  const checkoutHash = sha256Base64Url(checkoutJwt)
  const iat = secondsOf(parameters.nowMs)
  const content = { vct: AP2_CHECKOUT_MANDATE_VCT, checkout_jwt: checkoutJwt, checkout_hash: checkoutHash, iat }
  const closed = await instanceOf(parameters.agent).issue(
    { delegate_payload: [content], iat, aud: parameters.audience, nonce: parameters.nonce ?? sdJwtSaltGenerator(16), sd_hash: sha256Base64Url(open) },
    { delegate_payload: { _sd: [0], 0: { _sd: ['checkout_jwt'] } } } as never,
    { header: { typ: CLOSED_MANDATE_TYP } },
  )
  return { checkoutMandate: `${open}~${closed}`, checkoutJwt, checkoutHash }
}

export type IssuePaymentMandateParameters = {
  agent: KeySigner
  /** `checkout_hash` of the closed Checkout Mandate: the payment's `transaction_id`. */
  checkoutHash: string
  payee: Static<typeof Ap2Merchant>
  amountCents: bigint
  currency: string
  intentId: string
  audience: string
  nowMs?: number
}

/**
 * The agent's Payment Mandate (`mandate.payment.1`) paying the checkout with the Verity intent's
 * mandate payment (payment instrument `dev.verity.mandate_payment`, id = the intent id). Returns
 * the SD-JWT, the `credential.token` of the UCP payment instrument.
 */
export async function issuePaymentMandate(parameters: IssuePaymentMandateParameters): Promise<string> {
  assertMandateSigner({ agent: parameters.agent })
  const iat = secondsOf(parameters.nowMs)
  const content = {
    vct: AP2_PAYMENT_MANDATE_VCT,
    transaction_id: parameters.checkoutHash,
    payee: parameters.payee,
    payment_amount: { amount: Number(parameters.amountCents), currency: parameters.currency },
    payment_instrument: { id: parameters.intentId, type: VERITY_PAYMENT_INSTRUMENT_TYPE, description: `Verity intent ${parameters.intentId}` },
    iat,
  }
  return instanceOf(parameters.agent).issue({ iat, aud: parameters.audience, delegate_payload: [content] }, { delegate_payload: { _sd: [0] } }, { header: { typ: MANDATE_TYP } })
}

function instanceOf(signer: KeySigner): SDJwtInstance<Record<string, unknown>> {
  return new SDJwtInstance({ signer: sdJwtSignerOf(signer), signAlg: MANDATE_JWS_ALG, hasher: sdJwtHasher, hashAlg: 'sha-256', saltGenerator: sdJwtSaltGenerator, omitTyp: true })
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
