import type { MandatePayment } from '@verity/ledger'
import type { CallOptions, DomainClient } from '../clients/DomainClient.ts'
import { mandatePaymentOf } from './mandatePaymentOf.ts'

export type PayMandateReturnType = { applied: number; payment: MandatePayment }

/**
 * Pays what a proven intent authorizes (docs/domain.md, "Mandate payments"): sends the mandate
 * payment of `bundle` (GET /proofs/{intent_id} of an intent of a payable template) to the domain
 * of evidence.payee's shard as a batch of one, and returns it once the domain applied it (durably).
 * No signature is needed: the bundle is the authorization, and anyone holding it may send it, with
 * the same result. Throws MalformedProofBundleError before sending when the bundle lacks a payment
 * field, and ApiError whose `serverCode` names a refusal (MANDATE_*; 409 MANDATE_ALREADY_PAID
 * when the intent paid before).
 * @example const { payment } = await payMandate(new DomainClient(url), await orchestrator.getProof(intentId))
 */
export async function payMandate(domain: DomainClient, bundle: unknown, options: CallOptions = {}): Promise<PayMandateReturnType> {
  const payment = mandatePaymentOf(bundle)
  const answer = await domain.execute([{ MandatePayment: payment }], options)
  return { applied: answer.applied, payment }
}
