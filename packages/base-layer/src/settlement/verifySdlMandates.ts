// The mandate payments of an SDL, re-checked before the SDL is applied (docs/base-layer-rpc.md):
// each one's intent must not have paid before (the base layer's spent set, across every SDL of
// every shard; cheap, so first), and each bundle must verify with the node's trusted extractor
// keys. Returns the facts by transaction index for the ledger's laws, or throws
// SdlMandateInvalidError naming the first transaction that fails. (The payment deadline is the
// domain's to check when it applies the payment; settlement may come later.)
import { spentSetKeysOf, type MandateFacts, type SdlContent } from '@verity/ledger'
import { mandateIdentityOf } from '@verity/sdk'
import { SdlMandateInvalidError } from '../errors/settlementErrors.ts'
import { SDL_MANDATE_PAYMENTS_MAX } from '../limits.ts'
import type { BaseLayerReads } from '../store/BaseLayerStore.ts'
import type { SdlProofVerifier } from './SdlProofVerifier.ts'

export type SdlMandates = {
  /** facts of each mandate payment's verified bundle, by transaction index */
  facts: Map<number, MandateFacts>
  /** keys of the spent set among this SDL's payments (none: the SDL was refused otherwise) */
  spent: Set<string>
}

export async function verifySdlMandates(store: Pick<BaseLayerReads, 'getSpentMandates'>, verifier: Pick<SdlProofVerifier, 'verifyMandate'>, content: SdlContent): Promise<SdlMandates> {
  const payments = content.transactions.flatMap((tx, index) => ('MandatePayment' in tx.verifiable ? [{ index, bundle: tx.verifiable.MandatePayment.proof_bundle }] : []))
  const facts = new Map<number, MandateFacts>()
  if (payments.length === 0) return { facts, spent: new Set() }
  if (payments.length > SDL_MANDATE_PAYMENTS_MAX)
    throw new SdlMandateInvalidError({ index: payments[SDL_MANDATE_PAYMENTS_MAX]!.index, refusal: 'LIMIT_EXCEEDED', reason: `more than SDL_MANDATE_PAYMENTS_MAX (${SDL_MANDATE_PAYMENTS_MAX}) mandate payments in one SDL` })
  // Today's key and the legacy one (signer and id) of a payment settled before the digest joined the key.
  const claimed = payments.map(({ index, bundle }) => {
    const identity = mandateIdentityOf(bundle)
    return { index, intentId: identity?.intentId, keys: identity === null ? [] : spentSetKeysOf(identity) }
  })
  const spent = await store.getSpentMandates(claimed.flatMap(({ keys }) => keys))
  for (const { index, intentId, keys } of claimed)
    if (keys.some((key) => spent.has(key))) throw new SdlMandateInvalidError({ index, refusal: 'MANDATE_ALREADY_PAID', reason: `intent ${intentId} was paid by an SDL applied before` })
  // One at a time: each verification is one proof on the node's prover worker.
  for (const { index, bundle } of payments) {
    const result = await verifier.verifyMandate(bundle)
    if (!result.ok) throw new SdlMandateInvalidError({ index, refusal: result.code, reason: result.reason })
    facts.set(index, result.facts)
  }
  return { facts, spent }
}
