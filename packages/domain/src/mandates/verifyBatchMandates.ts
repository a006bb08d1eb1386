// The mandate payments of a parsed batch, checked before the batch queues for its commit: how many,
// already spent (a cheap read, so a replayed bundle costs no proof verification), the bundle
// (MandateVerifier, on worker threads), the signed deadline. Returns the facts of each payment's
// verified bundle by batch index, for the ledger's laws; throws the first refusal with its index.
import { atIndex, checkMandateDeadline, LedgerLimitError, MandatePaymentError, spentSetKeysOf, type MandateFacts, type MandatePayment } from '@verity/ledger'
import { mandateIdentityOf } from '@verity/sdk'
import { MANDATE_PAYMENTS_PER_BATCH_MAX } from '../limits.ts'
import type { DomainStore } from '../store/DomainStore.ts'
import type { BatchItem } from '../execution/applyBatch.ts'
import type { MandateVerifier } from './MandateVerifier.ts'

export type BatchMandatesDeps = {
  store: Pick<DomainStore, 'readSpentMandates'>
  /** absent: this domain takes no mandate payments (its settlement target cannot check them) */
  verifier: MandateVerifier | undefined
  deadlineGraceMs: number
  nowMs: () => number
}

export async function verifyBatchMandates(deps: BatchMandatesDeps, items: readonly BatchItem[]): Promise<Map<number, MandateFacts>> {
  const payments: Array<{ index: number; payment: MandatePayment }> = []
  for (const [index, item] of items.entries()) if ('MandatePayment' in item.verifiable) payments.push({ index, payment: item.verifiable.MandatePayment })
  const facts = new Map<number, MandateFacts>()
  if (payments.length === 0) return facts
  if (payments.length > MANDATE_PAYMENTS_PER_BATCH_MAX)
    throw new LedgerLimitError({ limit: 'MANDATE_PAYMENTS_PER_BATCH_MAX', value: payments.length, max: MANDATE_PAYMENTS_PER_BATCH_MAX })
  if (deps.verifier === undefined)
    throw atIndex(refusal('MANDATE_SETTLEMENT_UNSUPPORTED', 'this domain settles on an EVM chain, which cannot re-check mandate payments'), payments[0]!.index)
  await refuseSpent(deps.store, payments)
  const results = await Promise.all(payments.map(({ payment }) => deps.verifier!.verify(payment.proof_bundle)))
  for (const [i, result] of results.entries()) {
    const { index } = payments[i]!
    if (!result.ok) throw atIndex(refusal(result.code, result.reason), index)
    try {
      checkMandateDeadline(result.facts, deps.nowMs(), deps.deadlineGraceMs)
    } catch (error) {
      throw atIndex(error as MandatePaymentError, index)
    }
    facts.set(index, result.facts)
  }
  return facts
}

/** A payment whose intent (as its bundle claims it) is spent already is refused before its proof is checked. */
async function refuseSpent(store: BatchMandatesDeps['store'], payments: ReadonlyArray<{ index: number; payment: MandatePayment }>): Promise<void> {
  const claimed = payments.map(({ index, payment }) => {
    const identity = mandateIdentityOf(payment.proof_bundle)
    return identity === null ? null : { index, keys: spentSetKeysOf(identity), intentId: identity.intentId }
  })
  const keys = claimed.flatMap((entry) => (entry === null ? [] : entry.keys))
  const spent = await store.readSpentMandates(keys)
  for (const entry of claimed)
    if (entry !== null && entry.keys.some((key) => spent.has(key))) throw atIndex(refusal('MANDATE_ALREADY_PAID', `intent ${entry.intentId} was paid already (an intent pays once)`), entry.index)
}

function refusal(code: ConstructorParameters<typeof MandatePaymentError>[0]['refusal'], reason: string): MandatePaymentError {
  return new MandatePaymentError({ refusal: code, reason })
}
