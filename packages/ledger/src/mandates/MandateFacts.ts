// What a verified proof bundle establishes about the payment it authorizes. The ledger cannot
// verify a proof (that is @verity/sdk's verifyMandateBundle, run by the domain and the base layer
// off their serial sections); it takes these facts from whoever verified the bundle and checks
// the transaction against them.
import type { HashDigest } from '@verity/core'

export type MandateFacts = {
  /** the intent's id (`payload.id` / `intent.id`), a public input of the proof */
  intentId: string
  /** owner id of the intent's signer: the only vault the payment may debit */
  payerOwnerId: HashDigest
  /** evidence.payee: the address the payment must credit */
  payee: string
  /** intent.payment_token: "native" or a token id */
  token: string
  /** evidence.payee_token: the token the payee's payment handler accepts; a payment in another token is refused */
  acceptedToken: string
  /** evidence.price_cents: the amount */
  priceCents: bigint
  /** intent.max_price_cents: the most the user allowed */
  maxPriceCents: bigint
  /** intent.payment_deadline_ms: Unix ms after which (plus the domain's grace) the intent pays nothing */
  deadlineMs: bigint
}

/**
 * The key of the spent set: an intent pays once. Keyed by signer and intent id, so an intent of
 * one user can never be spent by another user's intent that reuses its id.
 */
export function mandateKey(facts: Pick<MandateFacts, 'payerOwnerId' | 'intentId'>): string {
  return `${facts.payerOwnerId}/${facts.intentId}`
}
