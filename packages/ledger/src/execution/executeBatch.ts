import { isVerityError } from '@verity/core'
import { parseAddressMemo } from '../laws/addressMemo.ts'
import type { StateDiff, VerifiableWithDiffs } from '../wire/StateDiff.ts'
import type { VerifiableType } from '../wire/Verifiable.ts'
import type { Address, ShardId, Vault } from '../wire/Vault.ts'
import type { LedgerView } from '../laws/LedgerView.ts'
import { atIndex, LedgerLimitError } from '../errors/ledgerErrors.ts'
import { BATCH_LENGTH_MAX } from '../limits.ts'
import { applyStateDiffsInto } from './applyStateDiffs.ts'
import { checkDiffShape } from './checkStateDiffs.ts'
import { checkAuthorization, defaultDiffsOf } from './executeVerifiable.ts'
import { OverlayView } from './OverlayView.ts'
import { checkMandatePayment } from '../mandates/checkMandatePayment.ts'
import { spentSetKeysOf, type MandateFacts } from '../mandates/MandateFacts.ts'
import { MandatePaymentError, StateDiffMismatchError } from '../errors/ledgerErrors.ts'
import { canonicalJsonBytes } from '@verity/core'

/** What a batch did, to be committed atomically by the caller. */
export type BatchResult = {
  /** each element with the diffs it produced, in order */
  transactions: VerifiableWithDiffs[]
  /** every vault of this shard the batch changed, in its final state */
  vaults: Map<Address, Vault>
  /** the next nonce of every vault that signed, by address */
  nonces: Map<Address, bigint>
  /** diffs credited to other shards' vaults, in order (the base layer delivers them) */
  outgoingCredits: StateDiff[]
  /** the spent-set key (`mandateKey`) of each mandate payment of the batch, in order */
  mandateKeys: string[]
}

/** How a batch's mandate payments are judged: the facts of each one's verified bundle, and the spent set. */
export type MandateContext = {
  /** by batch index: the facts of the element's verified proof bundle (absent: not verified, refused) */
  facts: ReadonlyMap<number, MandateFacts>
  /** true when a payment for this key was applied before (committed, or earlier in the same group) */
  isSpent(key: string): boolean
}

const NO_MANDATES: MandateContext = { facts: new Map(), isSpent: () => false }

/**
 * Default-executes `verifiables` as one ordered batch over `view`: later elements see earlier
 * effects (two debits of one vault use nonces n and n+1). All or nothing: returns every change,
 * or throws the first failure tagged with the element's `index`, having changed nothing.
 */
export function executeBatch(view: LedgerView, verifiables: readonly VerifiableType[], shard: ShardId, mandates: MandateContext = NO_MANDATES): BatchResult {
  return runBatch(view, verifiables.map((verifiable) => ({ verifiable })), shard, mandates)
}

/** As `executeBatch`, for caller-computed diffs (`/intents/submit`); see `checkStateDiffs`. */
export function submitBatch(view: LedgerView, items: readonly VerifiableWithDiffs[], shard: ShardId, mandates: MandateContext = NO_MANDATES): BatchResult {
  return runBatch(view, items, shard, mandates)
}

/** A mandate payment's diffs and spent-set key: its laws, the spent set (earlier ones and this batch's), caller diffs equal to its own. */
function mandateStep(
  payment: Extract<VerifiableType, { MandatePayment: unknown }>['MandatePayment'],
  index: number,
  callerDiffs: StateDiff[] | undefined,
  shard: ShardId,
  mandates: MandateContext,
  spentHere: ReadonlySet<string>,
): { diffs: StateDiff[]; key: string } {
  const facts = mandates.facts.get(index)
  const diffs = checkMandatePayment(payment, facts, shard)
  const [key, legacyKey] = spentSetKeysOf(facts!)
  if (mandates.isSpent(key) || mandates.isSpent(legacyKey) || spentHere.has(key))
    throw new MandatePaymentError({ refusal: 'MANDATE_ALREADY_PAID', reason: `intent ${facts!.intentId} of ${facts!.payerOwnerId} was paid already (an intent pays once)` })
  if (callerDiffs !== undefined && Buffer.compare(canonicalJsonBytes(callerDiffs, 'state diffs'), canonicalJsonBytes(diffs, 'state diffs')) !== 0)
    throw new StateDiffMismatchError({ reason: 'a mandate payment moves exactly its amount from debited to credited (its default diffs)' })
  return { diffs, key }
}

function runBatch(view: LedgerView, items: readonly { verifiable: VerifiableType; state_diffs?: StateDiff[] }[], shard: ShardId, mandates: MandateContext): BatchResult {
  if (items.length > BATCH_LENGTH_MAX) throw new LedgerLimitError({ limit: 'BATCH_LENGTH_MAX', value: items.length, max: BATCH_LENGTH_MAX })
  const overlay = new OverlayView(view)
  const transactions: VerifiableWithDiffs[] = []
  const outgoingCredits: StateDiff[] = []
  const mandateKeys: string[] = []
  const spentHere = new Set<string>()
  items.forEach((item, index) => {
    try {
      let diffs: StateDiff[]
      let signerNonce: { address: Address; next: bigint } | undefined
      let spentKey: string | undefined
      if ('MandatePayment' in item.verifiable) {
        const step = mandateStep(item.verifiable.MandatePayment, index, item.state_diffs, shard, mandates, spentHere)
        diffs = step.diffs
        spentKey = step.key
      } else {
        const verified = checkAuthorization(overlay, item.verifiable, shard)
        if (item.state_diffs === undefined) diffs = defaultDiffsOf(verified)
        else {
          checkDiffShape(verified, item.state_diffs)
          diffs = item.state_diffs
        }
        signerNonce = { address: verified.signerAddress, next: verified.content.new_nonce + 1n }
      }
      // Stage into a fresh map (touched vaults are cloned) so a failing element changes nothing.
      const staged = new Map<Address, Vault>()
      applyStateDiffsInto(staged, overlay, diffs, shard)
      for (const [address, vault] of staged) overlay.vaults.set(address, vault)
      if (signerNonce !== undefined) overlay.nonces.set(signerNonce.address, signerNonce.next)
      if (spentKey !== undefined) {
        spentHere.add(spentKey)
        mandateKeys.push(spentKey)
      }
      transactions.push({ verifiable: item.verifiable, state_diffs: diffs })
      for (const diff of diffs) if (parseAddressMemo(diff.address).shard !== shard) outgoingCredits.push(diff)
    } catch (error) {
      if (isVerityError(error)) throw atIndex(error, index)
      throw error
    }
  })
  return { transactions, vaults: overlay.vaults, nonces: overlay.nonces, outgoingCredits, mandateKeys }
}
