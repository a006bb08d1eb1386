// POST /intents/execute and /intents/submit: parse a batch, run it through the ledger's laws
// over the current local state (plus what earlier batches of the same group commit changed),
// check the guardrails. The caller commits the changes of a whole group of batches in one durable
// transaction (GroupCommitter), so each batch is all-or-nothing and acknowledged only once durable.
import { checkPasskeyPolicy, formatAddress, InvalidSignatureError, isVerityError, parseAddress, parseSignature, type HashDigest, type PasskeyPolicy } from '@verity/core'
import {
  atIndex,
  executeBatch,
  freezeVerifiable,
  parseVerifiable,
  parseVerifiableWithDiffs,
  mandateKey,
  spentSetKeysOf,
  submitBatch,
  verifiableParts,
  type BatchResult,
  type MandateContext,
  type MandateFacts,
  type MandatePayment,
  type LedgerView,
  type Vault,
  type VerifiableType,
  type VerifiableWithDiffs,
} from '@verity/ledger'
import { BatchSizeError, CrossShardCreditUnsupportedError } from '../errors/domainErrors.ts'
import type { Guardrail } from '../guardrails/Guardrail.ts'
import { checkGuardrails } from '../guardrails/checkGuardrails.ts'
import { BATCH_ELEMENTS_MAX } from '../limits.ts'
import type { DomainStore, PendingRecord, SpentMandate } from '../store/DomainStore.ts'
import { prefetchAddresses } from './prefetchAddresses.ts'
import { runWithPrefetch } from './runWithPrefetch.ts'

export type ApplyBatchDeps = {
  store: DomainStore
  shard: number
  guardrails: readonly Guardrail[]
  /** false when the settlement target cannot deliver credits to other shards (EVM): such transactions are refused. Default true. */
  crossShardCredits?: boolean
  /** Worker threads verifying a batch's Ed25519 signatures before it queues for its commit (0: inline, in the laws). Default SIGNATURE_VERIFY_WORKERS_DEFAULT. */
  signatureVerifyWorkers?: number
  /** The WebAuthn origins and RP ids accepted in passkey signatures (`passkey_origins`, `passkey_rp_ids`); default any. */
  passkeyPolicy?: PasskeyPolicy
}

export type BatchMode = 'execute' | 'submit'

/** Changes accepted but not yet committed: later batches of a group read through them. */
export type PendingChanges = { vaults: Map<string, Vault>; nonces: Map<string, bigint>; records: PendingRecord[]; mandates: Map<string, SpentMandate> }

export function emptyChanges(): PendingChanges {
  return { vaults: new Map(), nonces: new Map(), records: [], mandates: new Map() }
}

/** One parsed element of a batch: the verifiable, with its caller-computed diffs in submit mode. */
export type BatchItem = VerifiableWithDiffs | { verifiable: VerifiableType }

/**
 * Parses a batch once, before it queues (its size, then each element, the first failure thrown
 * with its index): what the signature pre-check and the laws then share.
 */
export function parseBatch(batch: readonly unknown[], mode: BatchMode): BatchItem[] {
  if (batch.length === 0 || batch.length > BATCH_ELEMENTS_MAX) throw new BatchSizeError({ elementCount: batch.length, elementsMax: BATCH_ELEMENTS_MAX })
  return batch.map((json, index) => parseElement(json, index, mode))
}

function parseElement(json: unknown, index: number, mode: BatchMode): BatchItem {
  try {
    // Frozen: the signature pre-check and the laws share it, and its signed bytes, unchanged.
    if (mode === 'execute') return { verifiable: freezeVerifiable(parseVerifiable(json, `body[${index}]`)) }
    const item = parseVerifiableWithDiffs(json, `body[${index}]`)
    freezeVerifiable(item.verifiable)
    return item
  } catch (error) {
    if (isVerityError(error)) throw atIndex(error, index)
    throw error
  }
}

function layered(view: LedgerView, changes: PendingChanges): LedgerView {
  return {
    getVault: (address) => changes.vaults.get(address) ?? view.getVault(address),
    nextNonce: (ownerId: HashDigest, shard: number) => changes.nonces.get(formatAddress(ownerId, shard)) ?? view.nextNonce(ownerId, shard),
  }
}

/** Throws INVALID_SIGNATURE (with the element's index) for the first passkey signature made at an origin or RP id the domain does not accept. */
function assertPasskeyOrigins(verifiables: readonly VerifiableType[], policy: PasskeyPolicy): void {
  for (const [index, verifiable] of verifiables.entries()) {
    if ('MandatePayment' in verifiable) continue // the intent's signature is checked with its bundle
    const refused = checkPasskeyPolicy(parseSignature(verifiableParts(verifiable).message.signature), policy)
    if (refused !== null) throw atIndex(new InvalidSignatureError({ reason: refused }), index)
  }
}

/** Throws CrossShardCreditUnsupportedError for the first transaction that credits another shard. */
function assertNoOutgoingCredits(result: BatchResult, shard: number): void {
  for (const [index, transaction] of result.transactions.entries())
    for (const diff of transaction.state_diffs)
      if (parseAddress(diff.address).shard !== shard) throw new CrossShardCreditUnsupportedError({ index, address: diff.address, shard })
}

/**
 * Checks one ordered batch over the store and `changes`; on success adds its effects to `changes`
 * (nothing is written). Throws the first failure with its element `index`, leaving `changes` as it was.
 */
export async function prepareBatch(deps: ApplyBatchDeps, batch: readonly unknown[], mode: BatchMode, changes: PendingChanges): Promise<number> {
  return prepareParsedBatch(deps, parseBatch(batch, mode), mode, changes)
}

/**
 * As `prepareBatch`, for a batch `parseBatch` parsed; `mandateFacts` holds the facts of each
 * mandate payment's verified bundle by index (verifyBatchMandates). The spent set is read here,
 * in the serial section, with the keys this group has spent already.
 */
export async function prepareParsedBatch(
  deps: ApplyBatchDeps,
  items: readonly BatchItem[],
  mode: BatchMode,
  changes: PendingChanges,
  mandateFacts: ReadonlyMap<number, MandateFacts> = new Map(),
): Promise<number> {
  if (deps.passkeyPolicy !== undefined) assertPasskeyOrigins(items.map((item) => item.verifiable), deps.passkeyPolicy)
  const guess = new Set<string>()
  for (const item of items) prefetchAddresses(item.verifiable, 'state_diffs' in item ? item.state_diffs : undefined, guess)
  const mandates = await mandateContextOf(deps.store, mandateFacts, changes)
  const result: BatchResult = await runWithPrefetch(deps.store, guess, (view) =>
    mode === 'execute'
      ? executeBatch(layered(view, changes), items.map((item) => item.verifiable), deps.shard, mandates)
      : submitBatch(layered(view, changes), items as VerifiableWithDiffs[], deps.shard, mandates),
  )
  if (deps.crossShardCredits === false) assertNoOutgoingCredits(result, deps.shard)
  checkGuardrails(deps.guardrails, result.transactions)
  for (const [address, vault] of result.vaults) changes.vaults.set(address, vault)
  for (const [address, nonce] of result.nonces) changes.nonces.set(address, nonce)
  for (const tx of result.transactions) changes.records.push({ kind: 'transaction', verifiable: tx.verifiable, state_diffs: tx.state_diffs })
  for (const [index, facts] of mandateFacts) {
    const key = mandateKey(facts)
    const { debited, credited, token, amount } = (items[index]!.verifiable as { MandatePayment: MandatePayment }).MandatePayment
    const { intentId, intentDigest, evidenceDigest, payerOwnerId } = facts
    changes.mandates.set(key, { key, intentId, intentDigest, evidenceDigest, payerOwnerId, payment: { debited, credited, token, amount } })
  }
  return result.transactions.length
}

/** The spent set as the laws see it: committed keys (read now) and those of earlier batches of the group. */
async function mandateContextOf(store: DomainStore, facts: ReadonlyMap<number, MandateFacts>, changes: PendingChanges): Promise<MandateContext> {
  if (facts.size === 0) return { facts, isSpent: () => false }
  const committed = await store.readSpentMandates([...facts.values()].flatMap(spentSetKeysOf))
  return { facts, isSpent: (key) => committed.has(key) || changes.mandates.has(key) }
}
