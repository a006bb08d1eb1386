// AP2 mandate contents (github google-agentic-commerce/AP2, code/sdk/schemas/ap2/*.json, docs/ap2)
// as Verity issues and reads them: open and closed Checkout Mandates and the closed Payment Mandate,
// each the disclosed `delegate_payload` element of an SD-JWT (docs/ap2-verity-constraint.md).
import { Type } from 'typebox'
import { IntentId } from '../encodings.ts'

export const AP2_OPEN_CHECKOUT_MANDATE_VCT = 'mandate.checkout.open.1'
export const AP2_CHECKOUT_MANDATE_VCT = 'mandate.checkout.1'
export const AP2_PAYMENT_MANDATE_VCT = 'mandate.payment.1'
/** Our Payment Instrument type (AP2 "Extension Points": Payment Instrument): a Verity mandate payment. */
export const VERITY_PAYMENT_INSTRUMENT_TYPE = 'dev.verity.mandate_payment'
/** Constraints one open mandate may carry. */
export const AP2_CONSTRAINTS_MAX = 16

/** A public JWK (RFC 7517) in `cnf.jwk` (RFC 7800): EC P-256 or OKP Ed25519. */
export const Ap2PublicJwk = Type.Object(
  { kty: Type.String({ maxLength: 8 }), crv: Type.String({ maxLength: 16 }), x: Type.String({ maxLength: 128 }), y: Type.Optional(Type.String({ maxLength: 128 })) },
  { description: 'public JWK of the key the mandate is bound to' },
)

/** open_checkout_mandate.json: what the user lets an agent check out, with the agent's key in `cnf`. */
export const Ap2OpenCheckoutMandate = Type.Object({
  vct: Type.Literal(AP2_OPEN_CHECKOUT_MANDATE_VCT),
  constraints: Type.Array(Type.Object({ type: Type.String({ minLength: 1, maxLength: 256 }) }), { minItems: 1, maxItems: AP2_CONSTRAINTS_MAX }),
  cnf: Type.Object({ jwk: Ap2PublicJwk }),
  iat: Type.Optional(Type.Integer()),
  exp: Type.Optional(Type.Integer()),
})

/** checkout_mandate.json: one checkout (the merchant-signed `checkout_jwt`) the agent commits to. */
export const Ap2CheckoutMandate = Type.Object({
  vct: Type.Literal(AP2_CHECKOUT_MANDATE_VCT),
  checkout_jwt: Type.String({ minLength: 1 }),
  checkout_hash: Type.String({ minLength: 43, maxLength: 86, pattern: '^[A-Za-z0-9_-]+$' }),
  iat: Type.Optional(Type.Integer()),
  exp: Type.Optional(Type.Integer()),
})

/** types/merchant.json */
export const Ap2Merchant = Type.Object({ id: Type.String({ minLength: 1 }), name: Type.String({ minLength: 1 }), website: Type.Optional(Type.String()) })

/** types/amount.json: integer minor units. */
export const Ap2Amount = Type.Object({ amount: Type.Integer({ minimum: 0 }), currency: Type.String({ minLength: 3, maxLength: 3 }) })

/** types/payment_instrument.json with our type: the instrument is the mandate payment of one Verity intent. */
export const VerityPaymentInstrument = Type.Object({
  id: IntentId,
  type: Type.Literal(VERITY_PAYMENT_INSTRUMENT_TYPE),
  description: Type.Optional(Type.String({ maxLength: 256 })),
})

/** payment_mandate.json (closed), paying with a Verity mandate payment. */
export const Ap2PaymentMandate = Type.Object({
  vct: Type.Literal(AP2_PAYMENT_MANDATE_VCT),
  transaction_id: Type.String({ minLength: 43, maxLength: 86, pattern: '^[A-Za-z0-9_-]+$' }),
  payee: Ap2Merchant,
  payment_amount: Ap2Amount,
  payment_instrument: VerityPaymentInstrument,
  iat: Type.Optional(Type.Integer()),
  exp: Type.Optional(Type.Integer()),
})
