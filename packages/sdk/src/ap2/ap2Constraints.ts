// AP2's standard constraints (open_checkout_mandate.json, open_payment_mandate.json), evaluated as
// AP2's SDK evaluates them (constraints.py), for any chain: a closed mandate meets its open one
// when every constraint holds. A constraint type this verifier does not know fails (AP2:
// `unresolved_constraint`), and so does an open Checkout Mandate with no `checkout.line_items`.
import {
  AP2_ALLOWED_INSTRUMENTS_CONSTRAINT_TYPE,
  AP2_ALLOWED_MERCHANTS_CONSTRAINT_TYPE,
  AP2_ALLOWED_PAYEES_CONSTRAINT_TYPE,
  AP2_AMOUNT_RANGE_CONSTRAINT_TYPE,
  AP2_LINE_ITEMS_CONSTRAINT_TYPE,
  AP2_PAYMENT_REFERENCE_CONSTRAINT_TYPE,
  Ap2AllowedMerchantsConstraint,
  Ap2LineItemsConstraint,
  Ap2Merchant,
  describeUcpViolations,
  validateUcp,
  type Static,
  type TSchema,
} from '@verity/wire'
import { Ap2MandateError } from './Ap2MandateError.ts'
import { lineItemsLeftOver } from './lineItemsFit.ts'

type Merchant = Static<typeof Ap2Merchant>

/** AP2's merchant match (constraints.py merchant_matches): by `id` when both have one, else by name and website. */
export function merchantMatches(candidate: Partial<Merchant>, target: Partial<Merchant> | undefined): boolean {
  if (target === undefined) return false
  if (candidate.id && target.id) return candidate.id === target.id
  return Boolean(candidate.name) && candidate.name === target.name && Boolean(candidate.website) && candidate.website === target.website
}

/** Throws Ap2MandateError (AP2_CONSTRAINT_UNRESOLVED) unless every constraint of an open Checkout Mandate holds for `checkout`. */
export function checkCheckoutConstraints(constraints: readonly { type: string }[], checkout: Readonly<Record<string, unknown>>): void {
  if (!constraints.some((constraint) => constraint.type === AP2_LINE_ITEMS_CONSTRAINT_TYPE))
    throw unresolved(`the open Checkout Mandate has no ${AP2_LINE_ITEMS_CONSTRAINT_TYPE} constraint (AP2's schema requires one)`)
  for (const constraint of constraints) {
    if (constraint.type === AP2_LINE_ITEMS_CONSTRAINT_TYPE) {
      const { items } = shaped(Ap2LineItemsConstraint, constraint)
      const cart = ((checkout['line_items'] ?? []) as { item?: { id?: unknown }; quantity?: unknown }[]).map((line) => ({ id: String(line.item?.id ?? ''), quantity: Number(line.quantity ?? 0) }))
      if (cart.length === 0) throw unresolved('checkout.line_items: the checkout has no line items')
      const left = lineItemsLeftOver(cart, items.map((item) => ({ acceptable: item.acceptable_items.map((accepted) => accepted.id), quantity: item.quantity })))
      if (left.length > 0) throw unresolved(`checkout.line_items: ${left.join(', ')} of the checkout fit no requirement of the mandate`)
    } else if (constraint.type === AP2_ALLOWED_MERCHANTS_CONSTRAINT_TYPE) {
      const { allowed } = shaped(Ap2AllowedMerchantsConstraint, constraint)
      const merchant = checkout['merchant'] as Partial<Merchant> | undefined
      if (!allowed.some((candidate) => merchantMatches(candidate, merchant)))
        throw unresolved(`checkout.allowed_merchants: the checkout's merchant ${JSON.stringify(merchant?.id ?? merchant?.name ?? null)} is not one the mandate allows`)
    } else throw unknownType(constraint.type)
  }
}

export type ClosedPayment = { payee: Merchant; payment_amount: { amount: number; currency: string }; payment_instrument: { id: string } }

/** Throws Ap2MandateError (AP2_CONSTRAINT_UNRESOLVED) unless every constraint of an open Payment Mandate holds for the closed one; a `payment.reference` must name `openCheckoutHash`. */
export function checkPaymentConstraints(constraints: readonly Record<string, unknown>[], closed: ClosedPayment, openCheckoutHash: string): void {
  if (!constraints.some((constraint) => constraint['type'] === AP2_PAYMENT_REFERENCE_CONSTRAINT_TYPE))
    throw unresolved(`the open Payment Mandate has no ${AP2_PAYMENT_REFERENCE_CONSTRAINT_TYPE} constraint (AP2's schema requires one)`)
  for (const constraint of constraints) {
    const type = String(constraint['type'])
    if (type === AP2_PAYMENT_REFERENCE_CONSTRAINT_TYPE) {
      if (constraint['conditional_transaction_id'] !== openCheckoutHash) throw unresolved('payment.reference: the open Payment Mandate refers to another open Checkout Mandate')
    } else if (type === AP2_AMOUNT_RANGE_CONSTRAINT_TYPE) {
      const { amount, currency } = closed.payment_amount
      if (typeof constraint['currency'] === 'string' && constraint['currency'] !== currency) throw unresolved(`payment.amount_range: the payment is in ${currency}, the mandate allows ${constraint['currency']}`)
      if (typeof constraint['max'] === 'number' && amount > constraint['max']) throw unresolved(`payment.amount_range: ${amount} exceeds the maximum ${constraint['max']}`)
      if (typeof constraint['min'] === 'number' && amount < constraint['min']) throw unresolved(`payment.amount_range: ${amount} is below the minimum ${constraint['min']}`)
    } else if (type === AP2_ALLOWED_PAYEES_CONSTRAINT_TYPE) {
      const allowed = Array.isArray(constraint['allowed']) ? (constraint['allowed'] as Partial<Merchant>[]) : []
      if (!allowed.some((candidate) => merchantMatches(candidate, closed.payee))) throw unresolved(`payment.allowed_payees: the payee ${closed.payee.id} is not one the mandate allows`)
    } else if (type === AP2_ALLOWED_INSTRUMENTS_CONSTRAINT_TYPE) {
      const allowed = Array.isArray(constraint['allowed']) ? (constraint['allowed'] as { id?: unknown }[]) : []
      if (!allowed.some((instrument) => instrument.id === closed.payment_instrument.id)) throw unresolved(`payment.allowed_payment_instruments: instrument ${closed.payment_instrument.id} is not one the mandate allows`)
    } else throw unknownType(type)
  }
}

function shaped<T extends TSchema>(schema: T, value: unknown): Static<T> {
  const checked = validateUcp(schema, value)
  if (!checked.ok) throw new Ap2MandateError({ code: 'AP2_MANDATE_MALFORMED', reason: `a ${(value as { type?: unknown }).type} constraint breaks AP2's schema (${describeUcpViolations(checked.violations)})` })
  return checked.value
}

function unknownType(type: string): Ap2MandateError {
  return unresolved(`the open mandate has a constraint this verifier does not evaluate (${JSON.stringify(type)}); AP2 treats it as failing`)
}

function unresolved(reason: string): Ap2MandateError {
  return new Ap2MandateError({ code: 'AP2_CONSTRAINT_UNRESOLVED', reason })
}
