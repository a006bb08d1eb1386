// POST /intents/execute and /intents/submit: parse the batch, run it through the ledger's laws
// over the current local state, check the guardrails, and commit all of it in one durable
// transaction, or nothing.
import { isVerityError } from '@verity/core'
import { atIndex, executeBatch, parseVerifiable, parseVerifiableWithDiffs, submitBatch, type VerifiableType, type VerifiableWithDiffs } from '@verity/ledger'
import type { ApplyResult } from '../DomainApi.ts'
import { BatchSizeError } from '../errors/domainErrors.ts'
import type { Guardrail } from '../guardrails/Guardrail.ts'
import { checkGuardrails } from '../guardrails/checkGuardrails.ts'
import { BATCH_ELEMENTS_MAX } from '../limits.ts'
import type { DomainStore, PendingRecord } from '../store/DomainStore.ts'
import { prefetchAddresses } from './prefetchAddresses.ts'
import { runWithPrefetch } from './runWithPrefetch.ts'

export type ApplyBatchDeps = {
  store: DomainStore
  shard: number
  guardrails: readonly Guardrail[]
}

export type BatchMode = 'execute' | 'submit'

function parseElement(json: unknown, index: number, mode: BatchMode): VerifiableWithDiffs | { verifiable: VerifiableType } {
  try {
    return mode === 'execute' ? { verifiable: parseVerifiable(json, `body[${index}]`) } : parseVerifiableWithDiffs(json, `body[${index}]`)
  } catch (error) {
    if (isVerityError(error)) throw atIndex(error, index)
    throw error
  }
}

/** Applies one ordered batch atomically; throws the first failure with its element `index`. Call under the domain's SerialQueue. */
export async function applyBatch(deps: ApplyBatchDeps, batch: readonly unknown[], mode: BatchMode): Promise<ApplyResult> {
  if (batch.length === 0 || batch.length > BATCH_ELEMENTS_MAX) throw new BatchSizeError({ elementCount: batch.length, elementsMax: BATCH_ELEMENTS_MAX })
  const items = batch.map((json, index) => parseElement(json, index, mode))
  const guess = new Set<string>()
  for (const item of items) prefetchAddresses(item.verifiable, 'state_diffs' in item ? item.state_diffs : undefined, guess)
  const result = await runWithPrefetch(deps.store, guess, (view) =>
    mode === 'execute'
      ? executeBatch(view, items.map((item) => item.verifiable), deps.shard)
      : submitBatch(view, items as VerifiableWithDiffs[], deps.shard),
  )
  checkGuardrails(deps.guardrails, result.transactions)
  const pending: PendingRecord[] = result.transactions.map((tx) => ({ kind: 'transaction', verifiable: tx.verifiable, state_diffs: tx.state_diffs }))
  await deps.store.commitBatch({ vaults: result.vaults, nonces: result.nonces, pending })
  return { applied: result.transactions.length }
}
