import type { StateDiff } from '../wire/StateDiff.ts'
import type { SignedVerifiableType } from '../wire/Verifiable.ts'
import type { ShardId } from '../wire/Vault.ts'
import type { LedgerView } from '../laws/LedgerView.ts'
import { verifyVerifiable, type VerifiedVerifiable } from '../laws/verifyVerifiable.ts'
import { NonceMismatchError, WrongShardError } from '../errors/ledgerErrors.ts'
import { applyStateDiffs } from './applyStateDiffs.ts'
import { debitAllowanceDiffs, fungibleMintDiffs, nftMintDiffs } from './defaultDiffs.ts'

/**
 * Default execution (DESIGN §5): checks the signature, the shard and the nonce of `v`, computes
 * its state diffs (a debit allowance debits exactly the allowed amounts or NFTs and credits
 * `credited`; a mint creates or increases supply and credits the listed vaults), and checks
 * them against `view` (no overdraft, NFTs held, mint rules). Returns the diffs; applies nothing.
 * @example const diffs = executeVerifiable(view, parseVerifiable(json), 7)
 */
export function executeVerifiable(view: LedgerView, v: SignedVerifiableType, shard: ShardId): StateDiff[] {
  const verified = checkAuthorization(view, v, shard)
  const diffs = defaultDiffsOf(verified)
  applyStateDiffs(view, diffs, shard)
  return diffs
}

/** Signature, shard and nonce: the laws that do not depend on the diffs. */
export function checkAuthorization(view: LedgerView, v: SignedVerifiableType, shard: ShardId): VerifiedVerifiable {
  const verified = verifyVerifiable(v)
  const shardGot = verified.kind === 'DebitAllowance' ? verified.content.debited_shard : verified.content.shard
  if (shardGot !== shard)
    throw new WrongShardError({ field: verified.kind === 'DebitAllowance' ? 'debited_shard' : 'shard', shardGot, shardExpected: shard })
  const nonceExpected = view.nextNonce(verified.signer, shard)
  if (verified.content.new_nonce !== nonceExpected)
    throw new NonceMismatchError({ address: verified.signerAddress, nonceGot: verified.content.new_nonce, nonceExpected })
  return verified
}

/** The default-execution diffs of a verified verifiable. */
export function defaultDiffsOf(verified: VerifiedVerifiable): StateDiff[] {
  if (verified.kind === 'DebitAllowance') return debitAllowanceDiffs(verified.signerAddress, verified.content)
  if (verified.kind === 'FungibleTokenMint') return fungibleMintDiffs(verified.signerAddress, verified.content)
  return nftMintDiffs(verified.signerAddress, verified.content)
}
