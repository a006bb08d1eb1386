import { formatAddress, isVerityError, ownerIdOfSignature, parseAddress, type HashDigest } from '@verity/core'
import {
  applyStateDiffs,
  checkSdlContent,
  limits,
  mandateKey,
  MandatePaymentError,
  OverlayView,
  submitBatch,
  verifiableParts,
  type LedgerView,
  type SdlContent,
  type StateDiff,
  type Vault,
} from '@verity/ledger'
import { SdlMandateInvalidError, SdlStateInvalidError, SdlTransactionInvalidError } from '../errors/settlementErrors.ts'
import type { SdlMandates } from './verifySdlMandates.ts'
import { SDL_STATE_FETCH_PASSES_MAX } from '../limits.ts'
import type { BaseLayerReads, CreditRecord } from '../store/BaseLayerStore.ts'
import { PrefetchedLedgerView } from '../store/PrefetchedLedgerView.ts'

/** What settling an SDL writes: this shard's vaults and nonces, and credits for other shards. */
export type SdlChanges = {
  vaults: Map<string, Vault>
  nonces: Map<string, bigint>
  outgoingCredits: Omit<CreditRecord, 'id'>[]
  /** slot keys of the shard's state tree this SDL allocates, in order */
  newSlotKeys: bigint[]
  /** the spent-set keys of the SDL's mandate payments, with their intent ids */
  spentMandates: Array<{ key: string; intentId: string }>
}

const NO_MANDATES: SdlMandates = { facts: new Map(), spent: new Set() }

/**
 * Re-checks the SDL natively against the finalized view, in the order its proof does (incoming
 * credits, then each transaction): every signature, shard, nonce and diff (checkSdlContent and the
 * ledger's batch laws), and computes the finalized state after it. Nothing is written here.
 * Throws `SdlTransactionInvalidError` (with the transaction's index) or `SdlStateInvalidError`.
 */
export async function computeSdlChanges(store: BaseLayerReads, content: SdlContent, hash: HashDigest, mandates: SdlMandates = NO_MANDATES): Promise<SdlChanges> {
  try {
    checkSdlContent(content)
  } catch (error) {
    if (isVerityError(error) && error.index !== undefined) throw new SdlTransactionInvalidError({ index: error.index, reason: error.message })
    if (isVerityError(error)) throw new SdlStateInvalidError({ reason: error.message }, { cause: error })
    throw error
  }
  // The ledger's laws read synchronously, so fetch what the SDL names first; should the laws read
  // anything else, fetch that too and run them again. Only a run that missed nothing counts.
  const fetched = { vaultAddresses: new Set<string>(), vaults: new Map<string, Vault>(), nonceAddresses: new Set<string>(), nonces: new Map<string, bigint>() }
  let wanted = addressesNamedBy(content)
  for (let pass = 1; pass <= SDL_STATE_FETCH_PASSES_MAX; pass += 1) {
    for (const [address, vault] of await store.getVaults([...wanted.vaults])) fetched.vaults.set(address, vault)
    for (const [address, nonce] of await store.getNextNonces([...wanted.nonces])) fetched.nonces.set(address, nonce)
    for (const address of wanted.vaults) fetched.vaultAddresses.add(address)
    for (const address of wanted.nonces) fetched.nonceAddresses.add(address)
    const view = new PrefetchedLedgerView(fetched)
    let outcome: { changes: SdlChanges } | { error: unknown }
    try {
      outcome = { changes: computeSdlChangesOn(view, content, hash, mandates) }
    } catch (error) {
      outcome = { error }
    }
    if (view.isComplete) {
      if ('error' in outcome) throw outcome.error
      return outcome.changes
    }
    wanted = view.missing
  }
  throw new Error(`SDL ${hash}: the ledger's laws still read unfetched state after ${SDL_STATE_FETCH_PASSES_MAX} passes`)
}

/** The vaults and nonces an SDL names: every state diff's address, and each transaction's signer. */
function addressesNamedBy(content: SdlContent): { vaults: Set<string>; nonces: Set<string> } {
  const vaults = new Set<string>()
  const nonces = new Set<string>()
  for (const credit of content.incoming_credits.credits) vaults.add(credit.address)
  for (const tx of content.transactions) {
    for (const diff of tx.state_diffs) vaults.add(diff.address)
    if ('MandatePayment' in tx.verifiable) continue // no signer, no nonce
    const { message } = verifiableParts(tx.verifiable)
    const signer = formatAddress(ownerIdOfSignature(message.signature as Parameters<typeof ownerIdOfSignature>[0]), content.shard)
    nonces.add(signer)
    vaults.add(signer)
  }
  return { vaults, nonces }
}

/** The laws over one view of the finalized state (synchronous, as the ledger's are). */
function computeSdlChangesOn(view: LedgerView, content: SdlContent, hash: HashDigest, mandates: SdlMandates): SdlChanges {
  const overlay = new OverlayView(view)
  try {
    for (const [address, vault] of applyStateDiffs(overlay, content.incoming_credits.credits, content.shard)) overlay.vaults.set(address, vault)
  } catch (error) {
    if (isVerityError(error)) throw new SdlStateInvalidError({ reason: `incoming credits: ${error.message}` }, { cause: error })
    throw error
  }
  // The ledger bounds one batch; an SDL may hold more transactions, so run them in batches over
  // the same overlay (later batches see earlier effects), keeping each transaction's own index.
  const outgoing: StateDiff[] = []
  const spentHere = new Set<string>()
  for (let offset = 0; offset < content.transactions.length; offset += limits.BATCH_LENGTH_MAX) {
    const chunk = content.transactions.slice(offset, offset + limits.BATCH_LENGTH_MAX)
    const chunkFacts = new Map([...mandates.facts].filter(([index]) => index >= offset && index < offset + chunk.length).map(([index, facts]) => [index - offset, facts]))
    try {
      const batch = submitBatch(overlay, chunk, content.shard, { facts: chunkFacts, isSpent: (key) => mandates.spent.has(key) || spentHere.has(key) })
      for (const [address, vault] of batch.vaults) overlay.vaults.set(address, vault)
      for (const [address, nonce] of batch.nonces) overlay.nonces.set(address, nonce)
      for (const key of batch.mandateKeys) spentHere.add(key)
      outgoing.push(...batch.outgoingCredits)
    } catch (error) {
      if (error instanceof MandatePaymentError && error.index !== undefined)
        throw new SdlMandateInvalidError({ index: offset + error.index, refusal: error.code, reason: error.fields.reason })
      if (isVerityError(error) && error.index !== undefined) throw new SdlTransactionInvalidError({ index: offset + error.index, reason: error.message })
      if (isVerityError(error)) throw new SdlStateInvalidError({ reason: error.message }, { cause: error })
      throw error
    }
  }
  return {
    vaults: overlay.vaults,
    nonces: overlay.nonces,
    outgoingCredits: outgoing.map((stateDiff) => ({
      shard: parseAddress(stateDiff.address).shard,
      sourceShard: content.shard,
      sourceSdlHash: hash,
      stateDiff,
    })),
    newSlotKeys: [],
    spentMandates: [...mandates.facts.values()].map((facts) => ({ key: mandateKey(facts), intentId: facts.intentId })),
  }
}
