// What a verified proof bundle establishes about the payment it authorizes. The ledger cannot
// verify a proof (that is @verity/sdk's verifyMandateBundle, run by the domain and the base layer
// off their serial sections); it takes these facts from whoever verified the bundle and checks
// the transaction against them.
import type { HashDigest } from '@verity/core'

export type MandateFacts = {
  /** the intent's id (`payload.id` / `intent.id`), a public input of the proof */
  intentId: string
  /**
   * base58 SHA-256 of the intent's signed bytes (core's intentDigestOf): the exact intent the user
   * signed, its template, attrs and agents included. An id is unique only within one orchestrator;
   * the digest names one signed intent wherever it was submitted.
   */
  intentDigest: HashDigest
  /** base58 SHA-256 of JCS of the bundle's `evidence`: with the digest above, the proof this payment is the payment of */
  evidenceDigest: HashDigest
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

/** What names a spent intent: its signer, its id and the digest of what the signer signed. */
export type MandateKeyParts = Pick<MandateFacts, 'payerOwnerId' | 'intentId' | 'intentDigest'>

/**
 * The key of the spent set: a signed intent pays once. Keyed by signer, intent id and the digest of
 * the signed intent, so that neither another user's intent nor another intent of the same user that
 * reuses the id (at a second orchestrator, say) can spend it, or be refused because it paid.
 * @example mandateKey({ payerOwnerId, intentId, intentDigest }) // '<payer>/<intent id>/<intent digest>'
 */
export function mandateKey(parts: MandateKeyParts): string {
  return `${parts.payerOwnerId}/${parts.intentId}/${parts.intentDigest}`
}

/**
 * The key a payment was spent under before the digest joined it (signer and id only; domain schema
 * 4 to 5, base layer likewise). Still read, never written: an intent paid under it stays paid.
 */
export function legacyMandateKey(parts: Pick<MandateFacts, 'payerOwnerId' | 'intentId'>): string {
  return `${parts.payerOwnerId}/${parts.intentId}`
}

/** Every key under which a payment of this intent may have been spent: today's, then the legacy one. */
export function spentSetKeysOf(parts: MandateKeyParts): [key: string, legacyKey: string] {
  return [mandateKey(parts), legacyMandateKey(parts)]
}
