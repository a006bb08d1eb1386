// Is a payment the domain lists the mandate payment of the proof the store was shown? Only then may
// it stand for a checkout (a retried complete) or refuse one ("paid already"). An intent id is
// unique only within one orchestrator, and anyone may pay a proof of their own under any id: a
// payment counts only when it is that proof's, to this store, of this checkout's total.
import type { PaymentView } from '@verity/sdk'

/** What the payment of the proof must be: from the intent's signer, for that signed intent and evidence, `amount` of `token` to `credited`. */
export type ExpectedProofPayment = Readonly<{
  payerOwnerId: string
  intentDigest: string
  evidenceDigest: string
  credited: string
  token: string
  amount: bigint
}>

export type ProofPaymentMatch =
  | Readonly<{ kind: 'none' }>
  | Readonly<{ kind: 'this' }>
  | Readonly<{ kind: 'other'; reason: string }>

/**
 * Judges the payments the domain lists for a signed intent (GET /payments?intent_digest=) against
 * the payment its proof authorizes. `this`: one of them is exactly that payment; `other`: the same
 * signed intent paid something else (another proof of it, or to another vault); `none`: it never paid.
 * @example matchProofPayment(await domain.listPayments({ intentDigest }), expected).kind // 'none'
 */
export function matchProofPayment(payments: readonly PaymentView[], expected: ExpectedProofPayment): ProofPaymentMatch {
  const ofIntent = payments.filter((payment) => payment.intent_digest === expected.intentDigest && payment.payer === expected.payerOwnerId)
  if (ofIntent.length === 0) return { kind: 'none' }
  for (const payment of ofIntent) if (mismatchOf(payment, expected) === undefined) return { kind: 'this' }
  return { kind: 'other', reason: mismatchOf(ofIntent[0]!, expected)! }
}

function mismatchOf(payment: PaymentView, expected: ExpectedProofPayment): string | undefined {
  if (payment.evidence_digest !== expected.evidenceDigest) return 'it paid with another proof (other evidence: another checkout or product)'
  if (payment.credited !== expected.credited) return `it paid ${payment.credited}, not this store's vault ${expected.credited}`
  if (payment.token !== expected.token) return `it paid in token ${payment.token}, not ${expected.token}`
  if (payment.amount !== expected.amount) return `it paid ${payment.amount}, not this checkout's total ${expected.amount}`
  return undefined
}
