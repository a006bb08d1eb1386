import { isVerityError, type HashDigest } from '@verity/core'
import { parseSdlContent, sdlHash, sdlSlotOps, SlotDirectory, type SdlContent } from '@verity/ledger'
import { SdlAlreadyAppliedError, SdlHashMismatchError, SdlOutOfOrderError, SdlStateInvalidError } from '../errors/settlementErrors.ts'
import { verifyOperatorSignature, type OperatorIdentity } from '../rpc/verifyOperatorSignature.ts'
import { appendCredits } from '../store/appendCredits.ts'
import type { BaseLayerStore, BaseLayerTransaction } from '../store/BaseLayerStore.ts'
import { checkSdlPosition } from './checkSdlPosition.ts'
import { computeSdlChanges, type SdlChanges } from './computeSdlChanges.ts'
import { readProofs } from './readProofs.ts'
import { verifySdlMandates } from './verifySdlMandates.ts'
import type { SdlProofVerifier } from './SdlProofVerifier.ts'
import type { SdlSubmission, SdlSubmissionResult } from './SdlSubmission.ts'

export type SettleSdlContext = { store: BaseLayerStore; verifier: SdlProofVerifier; clock: () => number }

/**
 * Settles one SDL submission. Order of checks (cheap before expensive): params shape (thrown as
 * invalid params), hash, operator signature, agreement and signer, replay, sequence, previous
 * hash, root before, incoming credits, the mandate payments (spent set, then each bundle), the
 * transactions' signatures and laws natively against the finalized view, then the proofs. Then one atomic commit: vaults, nonces, the shard's position,
 * consumed credits and outgoing credits. A refusal answers `{ status: 'failed' }` and writes
 * nothing but the refusal itself (kept by hash only for SDLs signed by the shard's operator).
 */
export async function settleSdl(context: SettleSdlContext, submission: SdlSubmission): Promise<SdlSubmissionResult> {
  const content = parseSdlContent(submission.content, 'content')
  const proofs = readProofs(submission.proofs)
  const hash = sdlHash(content)
  let operator: OperatorIdentity | undefined
  try {
    if (submission.hash !== undefined && submission.hash !== hash) throw new SdlHashMismatchError({ claimed: submission.hash, computed: hash })
    operator = verifyOperatorSignature('submitSdl', { content: submission.content, proofs: submission.proofs }, submission.signature)
    const agreement = await checkSdlPosition(context.store, content, hash, operator, context.clock())
    const mandates = await verifySdlMandates(context.store, context.verifier, content)
    const changes = await computeSdlChanges(context.store, content, hash, mandates)
    const slotKeys = await context.store.listSlotKeys(content.shard)
    changes.newSlotKeys = newSlotKeysOf(slotKeys, content)
    const rootBefore = (await context.store.getShard(content.shard)).root
    await context.verifier.verifySdlProofs({ content, hash, proofs, guardrailProgramIds: agreement.guardrailProgramIds, guardrails: agreement.guardrails ?? [], slotKeys, rootBefore })
    const root = await commitSdl(context, content, hash, changes)
    return { status: 'applied', hash, shard: content.shard, sequence: BigInt(content.sequence), root }
  } catch (error) {
    if (!isVerityError(error)) throw error
    if (error.code === 'MALFORMED_SIGNATURE') throw error
    await recordRefusal(context, content, hash, operator, error)
    return { status: 'failed', hash, code: error.code, reason: error.message }
  }
}

/**
 * Writes the settlement in one transaction, after checking that nothing moved the shard meanwhile
 * (another node on the same database may have settled it: the store's transaction isolation makes
 * this check and these writes one step, so only one of two racing SDLs commits).
 */
function commitSdl(context: SettleSdlContext, content: SdlContent, hash: HashDigest, changes: SdlChanges): Promise<string> {
  return context.store.transaction(async (tx: BaseLayerTransaction) => {
    if ((await tx.getSdl(hash))?.status === 'applied') throw new SdlAlreadyAppliedError({ hash, sequence: BigInt(content.sequence) })
    const shard = await tx.getShard(content.shard)
    if (shard.sequence + 1n !== BigInt(content.sequence) || shard.lastSdlHash !== content.previous_hash)
      throw new SdlOutOfOrderError({ shard: content.shard, sequenceExpected: shard.sequence + 1n, sequenceGot: BigInt(content.sequence) })
    for (const [address, vault] of changes.vaults) await tx.putVault(address, content.shard, vault)
    for (const [address, nonce] of changes.nonces) await tx.putNextNonce(address, nonce)
    await tx.putShard({
      ...shard,
      sequence: BigInt(content.sequence),
      lastSdlHash: hash,
      root: content.root_after,
      creditsConsumed: BigInt(content.incoming_credits.to_cursor),
    })
    await appendCredits(tx, changes.outgoingCredits)
    await tx.putSpentMandates(changes.spentMandates.map((spent) => ({ ...spent, shard: content.shard, sdlHash: hash })))
    await tx.appendSlotKeys(content.shard, changes.newSlotKeys)
    await tx.putSdl({ hash, shard: content.shard, sequence: BigInt(content.sequence), status: 'applied', root: content.root_after, appliedAtMs: context.clock() }, content)
    return content.root_after
  })
}

/** The slot keys the SDL allocates, in order (the ledger's append-only SlotDirectory). */
function newSlotKeysOf(slotKeys: readonly bigint[], content: SdlContent): bigint[] {
  let placed: ReturnType<SlotDirectory['plan']>
  try {
    placed = SlotDirectory.fromKeys(slotKeys).plan(sdlSlotOps(content))
  } catch (error) {
    if (isVerityError(error)) throw new SdlStateInvalidError({ reason: error.message }, { cause: error })
    throw error
  }
  return placed.filter((op) => op.isNew).map((op) => op.key)
}

/**
 * Keeps a refusal by hash so `getSdlStatus` can tell the domain why, but only for SDLs its
 * operator signed (anyone else could fill the table) and never over an applied SDL.
 */
async function recordRefusal(
  context: SettleSdlContext,
  content: SdlContent,
  hash: HashDigest,
  operator: OperatorIdentity | undefined,
  error: { code: string; message: string },
): Promise<void> {
  if (operator === undefined || error instanceof SdlAlreadyAppliedError) return
  const agreement = await context.store.getAgreement(content.shard)
  if (agreement === undefined || agreement.operatorOwnerId !== operator.ownerId) return
  await context.store.transaction(async (tx) => {
    if ((await tx.getSdl(hash))?.status === 'applied') return
    await tx.putSdl({ hash, shard: content.shard, sequence: BigInt(content.sequence), status: 'failed', code: error.code, reason: error.message, failedAtMs: context.clock() })
  })
}
