// AP2 mandate contents (github google-agentic-commerce/AP2, code/sdk/schemas/ap2/*.json, docs/ap2)
// as Verity issues and reads them: open and closed Checkout and Payment Mandates,
// each the disclosed `delegate_payload` element of an SD-JWT (docs/ap2-verity-constraint.md).
import { Type } from 'typebox'
import { IntentId } from '../encodings.ts'
import { VERITY_INTENT_CONSTRAINT_TYPE, VerityIntentConstraint } from './verityIntentConstraint.ts'

export const AP2_OPEN_CHECKOUT_MANDATE_VCT = 'mandate.checkout.open.1'
export const AP2_CHECKOUT_MANDATE_VCT = 'mandate.checkout.1'
export const AP2_PAYMENT_MANDATE_VCT = 'mandate.payment.1'
export const AP2_OPEN_PAYMENT_MANDATE_VCT = 'mandate.payment.open.1'
/** AP2's constraint types (open_checkout_mandate.json, open_payment_mandate.json) that Verity issues and evaluates. */
export const AP2_LINE_ITEMS_CONSTRAINT_TYPE = 'checkout.line_items'
export const AP2_ALLOWED_MERCHANTS_CONSTRAINT_TYPE = 'checkout.allowed_merchants'
export const AP2_AMOUNT_RANGE_CONSTRAINT_TYPE = 'payment.amount_range'
export const AP2_ALLOWED_PAYEES_CONSTRAINT_TYPE = 'payment.allowed_payees'
export const AP2_ALLOWED_INSTRUMENTS_CONSTRAINT_TYPE = 'payment.allowed_payment_instruments'
export const AP2_PAYMENT_REFERENCE_CONSTRAINT_TYPE = 'payment.reference'
/** Our Payment Instrument type (AP2 "Extension Points": Payment Instrument): a Verity mandate payment. */
export const VERITY_PAYMENT_INSTRUMENT_TYPE = 'dev.verity.mandate_payment'
/** Constraints one open mandate may carry. */
export const AP2_CONSTRAINTS_MAX = 16
/** Entries of one constraint (line item requirements, acceptable items, merchants). */
export const AP2_CONSTRAINT_ENTRIES_MAX = 256

/** types/jwk.json: AP2's keys are EC P-256 public JWKs for ES256, in `cnf.jwk` (RFC 7800) and in a platform's `signing_keys`. */
export const Ap2PublicJwk = Type.Object(
  {
    kty: Type.Literal('EC'),
    crv: Type.Literal('P-256'),
    x: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }),
    y: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }),
    alg: Type.Optional(Type.Literal('ES256')),
    use: Type.Optional(Type.Literal('sig')),
    kid: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
  },
  { description: 'EC P-256 public JWK of the key the mandate is bound to' },
)

/** open_checkout_mandate.json#/$defs/item */
export const Ap2Item = Type.Object({ id: Type.String({ minLength: 1 }), title: Type.String() })

/** The `checkout.line_items` constraint: each requirement takes up to `quantity` units of its acceptable items (none listed: any item). */
export const Ap2LineItemsConstraint = Type.Object({
  type: Type.Literal(AP2_LINE_ITEMS_CONSTRAINT_TYPE),
  items: Type.Array(
    Type.Object({ id: Type.String(), acceptable_items: Type.Array(Ap2Item, { maxItems: AP2_CONSTRAINT_ENTRIES_MAX }), quantity: Type.Integer({ minimum: 1 }) }),
    { minItems: 1, maxItems: AP2_CONSTRAINT_ENTRIES_MAX },
  ),
})

/** types/merchant.json */
export const Ap2Merchant = Type.Object({ id: Type.String({ minLength: 1 }), name: Type.String({ minLength: 1 }), website: Type.Optional(Type.String()) })

/** The `checkout.allowed_merchants` constraint: the checkout's `merchant` must be one of them (by id, else name and website). */
export const Ap2AllowedMerchantsConstraint = Type.Object({
  type: Type.Literal(AP2_ALLOWED_MERCHANTS_CONSTRAINT_TYPE),
  allowed: Type.Array(Ap2Merchant, { maxItems: AP2_CONSTRAINT_ENTRIES_MAX }),
})

/**
 * open_checkout_mandate.json: what the agent bound in `cnf` may check out. Its constraints are
 * AP2's own (at least one `checkout.line_items`, checked by the reader); a Verity mandate carries
 * the intent in the member `dev.verity.intent` beside them (AP2's schema allows other members).
 */
export const Ap2OpenCheckoutMandate = Type.Object({
  vct: Type.Literal(AP2_OPEN_CHECKOUT_MANDATE_VCT),
  constraints: Type.Array(Type.Object({ type: Type.String({ minLength: 1, maxLength: 256 }) }), { minItems: 1, maxItems: AP2_CONSTRAINTS_MAX }),
  cnf: Type.Object({ jwk: Ap2PublicJwk }),
  [VERITY_INTENT_CONSTRAINT_TYPE]: Type.Optional(VerityIntentConstraint),
  iat: Type.Optional(Type.Integer()),
  exp: Type.Optional(Type.Integer()),
})

/** open_payment_mandate.json: what the agent bound in `cnf` may pay; constraints of the `payment.*` types (a `payment.reference` among them). */
export const Ap2OpenPaymentMandate = Type.Object({
  vct: Type.Literal(AP2_OPEN_PAYMENT_MANDATE_VCT),
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
