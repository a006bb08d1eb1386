import { formatAddressMemo, parseAddressMemo } from '../laws/addressMemo.ts'
import { MandatePaymentError } from '../errors/ledgerErrors.ts'
import { debitAllowanceDiffs } from '../execution/defaultDiffs.ts'
import type { StateDiff } from '../wire/StateDiff.ts'
import type { MandatePayment } from '../wire/Verifiable.ts'
import type { ShardId } from '../wire/Vault.ts'
import type { MandateFacts } from './MandateFacts.ts'

/**
 * The laws of a mandate payment that do not depend on state (docs/domain.md, "Mandate payments"):
 * it debits the intent signer's vault on `shard`, credits evidence.payee, pays
 * evidence.price_cents (at most intent.max_price_cents) of intent.payment_token, which must be the
 * token the payee accepts (evidence.payee_token). Returns its
 * diffs (a debit and a credit, as a debit allowance of that amount would make). Throws
 * MandatePaymentError with the refusal's code. The spent set and the deadline are the caller's.
 */
export function checkMandatePayment(payment: MandatePayment, facts: MandateFacts | undefined, shard: ShardId): StateDiff[] {
  if (facts === undefined) throw refuse('MANDATE_UNVERIFIED', 'its proof bundle was not verified before the laws ran')
  // One shard can pay an intent: the payee's. Any other would need the spent sets of every shard.
  const payeeShard = shardOfPayee(facts.payee)
  if (payeeShard !== shard) throw refuse('MANDATE_SHARD_MISMATCH', `evidence.payee ${facts.payee} is on shard ${payeeShard}: the intent pays from the signer's vault on that shard, not on shard ${shard}`)
  const payer = formatAddressMemo(facts.payerOwnerId, shard)
  if (payment.debited !== payer)
    throw refuse('MANDATE_PAYER_MISMATCH', `debited ${payment.debited} is not the vault of the intent's signer on shard ${shard} (${payer})`)
  if (payment.credited !== facts.payee) throw refuse('MANDATE_PAYEE_MISMATCH', `credited ${payment.credited} is not evidence.payee (${facts.payee})`)
  if (payment.token !== facts.token) throw refuse('MANDATE_TOKEN_MISMATCH', `token ${payment.token} is not intent.payment_token (${facts.token})`)
  // A token the merchant never announced (say, one the payer minted) pays the merchant nothing of value.
  if (facts.token !== facts.acceptedToken)
    throw refuse('MANDATE_TOKEN_NOT_ACCEPTED', `intent.payment_token ${facts.token} is not the token the payee accepts (evidence.payee_token ${facts.acceptedToken})`)
  if (payment.amount !== facts.priceCents) throw refuse('MANDATE_AMOUNT_MISMATCH', `amount ${payment.amount} is not evidence.price_cents (${facts.priceCents})`)
  if (facts.priceCents > facts.maxPriceCents)
    throw refuse('MANDATE_PRICE_ABOVE_MAX', `evidence.price_cents ${facts.priceCents} exceeds intent.max_price_cents ${facts.maxPriceCents}`)
  return mandatePaymentDiffs(payment)
}

/** The diffs of a mandate payment, from its own fields: `amount` of `token` out of `debited`, into `credited` (none for 0). */
export function mandatePaymentDiffs(payment: MandatePayment): StateDiff[] {
  const shard = parseAddressMemo(payment.debited).shard
  const allowance = { new_nonce: 0n, debited_shard: shard, credited: payment.credited, allowances: { [payment.token]: { Fungible: payment.amount } } }
  return debitAllowanceDiffs(payment.debited, allowance)
}

/** Throws MANDATE_EXPIRED when `nowMs` is later than the signed deadline plus `graceMs`. */
export function checkMandateDeadline(facts: MandateFacts, nowMs: number, graceMs: number): void {
  if (BigInt(nowMs) > facts.deadlineMs + BigInt(graceMs))
    throw refuse('MANDATE_EXPIRED', `intent.payment_deadline_ms ${facts.deadlineMs} (${isoOf(facts.deadlineMs)}) passed more than ${graceMs} ms ago`)
}

function shardOfPayee(payee: string): number {
  try {
    return parseAddressMemo(payee).shard
  } catch {
    throw refuse('MANDATE_PAYEE_MISMATCH', `evidence.payee ${JSON.stringify(payee)} is not a domain address "<owner_id>,<shard>"`)
  }
}

function isoOf(ms: bigint): string {
  const date = new Date(Number(ms))
  return Number.isNaN(date.getTime()) ? 'not a date' : date.toISOString()
}

function refuse(refusal: ConstructorParameters<typeof MandatePaymentError>[0]['refusal'], reason: string): MandatePaymentError {
  return new MandatePaymentError({ refusal, reason })
}
