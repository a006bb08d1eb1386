// AP2 (Agent Payments Protocol) mandate contents and the Verity constraint type. Re-exports only.
export { VerityIntentConstraint, VERITY_INTENT_CONSTRAINT_TYPE, VERITY_ORCHESTRATOR_URL_CHARS_MAX } from './verityIntentConstraint.ts'
export {
  Ap2Amount,
  Ap2CheckoutMandate,
  Ap2Merchant,
  Ap2OpenCheckoutMandate,
  Ap2PaymentMandate,
  Ap2PublicJwk,
  AP2_CHECKOUT_MANDATE_VCT,
  AP2_CONSTRAINTS_MAX,
  AP2_OPEN_CHECKOUT_MANDATE_VCT,
  AP2_PAYMENT_MANDATE_VCT,
  VerityPaymentInstrument,
  VERITY_PAYMENT_INSTRUMENT_TYPE,
} from './mandates.ts'
