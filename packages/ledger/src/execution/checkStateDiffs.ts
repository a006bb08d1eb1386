import { canonicalJson } from '@verity/core'
import type { StateDiff } from '../wire/StateDiff.ts'
import type { AllowanceAmount, SignedVerifiableType } from '../wire/Verifiable.ts'
import type { ShardId } from '../wire/Vault.ts'
import type { LedgerView } from '../laws/LedgerView.ts'
import type { VerifiedVerifiable } from '../laws/verifyVerifiable.ts'
import { StateDiffMismatchError } from '../errors/ledgerErrors.ts'
import { jsonValue } from '../json/jsonValue.ts'
import { applyStateDiffs } from './applyStateDiffs.ts'
import { debitAllowanceDiffs } from './defaultDiffs.ts'
import { checkAuthorization, defaultDiffsOf } from './executeVerifiable.ts'

/**
 * Checks caller-computed `diffs` for `v` (`/intents/submit`): signature, shard and nonce as in
 * default execution, then the diffs must be exactly what the laws allow. For a mint that is
 * its default diffs. For a debit allowance the caller may debit less than allowed (the allowance
 * is a maximum): one debit diff on the signer's vault and one credit diff on `credited` moving the
 * same amounts or NFTs, each within the allowance, in the canonical order of default execution.
 * Then the diffs are checked against `view` (overdraft, NFTs held, mint rules).
 * Throws `StateDiffMismatchError` naming the difference, or the broken law's error.
 */
export function checkStateDiffs(view: LedgerView, v: SignedVerifiableType, diffs: readonly StateDiff[], shard: ShardId): void {
  const verified = checkAuthorization(view, v, shard)
  checkDiffShape(verified, diffs)
  applyStateDiffs(view, diffs, shard)
}

/** The stateless half of `checkStateDiffs`: the diffs are a lawful execution of `verified`. */
export function checkDiffShape(verified: VerifiedVerifiable, diffs: readonly StateDiff[]): void {
  const expected = verified.kind === 'DebitAllowance' ? debitDiffsChosen(verified, diffs) : defaultDiffsOf(verified)
  const got = canonicalJson(jsonValue(diffs), 'state_diffs')
  const want = canonicalJson(jsonValue(expected), 'state_diffs')
  if (got !== want) throw new StateDiffMismatchError({ reason: `expected ${truncate(want)}, got ${truncate(got)}` })
}

/** Reads the amounts the caller chose from its debit diff, bounded by the allowance, and rebuilds the canonical diffs. */
function debitDiffsChosen(verified: Extract<VerifiedVerifiable, { kind: 'DebitAllowance' }>, diffs: readonly StateDiff[]): StateDiff[] {
  if (diffs.length === 0) return []
  const debit = diffs[0]!
  if (debit.address !== verified.signerAddress) throw new StateDiffMismatchError({ reason: `the first diff must debit the signer's vault ${verified.signerAddress}` })
  if (!('TokenDiffs' in debit.operation)) throw new StateDiffMismatchError({ reason: 'a debit allowance can only produce token diffs' })
  const chosen: Record<string, AllowanceAmount> = {}
  for (const [token, holdings] of Object.entries(debit.operation.TokenDiffs)) {
    const allowed = verified.content.allowances[token]
    if (allowed === undefined) throw new StateDiffMismatchError({ reason: `token ${token} is not in the allowance` })
    if ('Fungible' in holdings) {
      if (!('Fungible' in allowed)) throw new StateDiffMismatchError({ reason: `token ${token}: the allowance is non-fungible` })
      const amount = -holdings.Fungible
      if (amount <= 0n || amount > allowed.Fungible)
        throw new StateDiffMismatchError({ reason: `token ${token}: debit of ${amount} is outside the allowance of ${allowed.Fungible}` })
      chosen[token] = { Fungible: amount }
    } else {
      if (!('NonFungible' in allowed)) throw new StateDiffMismatchError({ reason: `token ${token}: the allowance is fungible` })
      const ids = Object.keys(holdings.NonFungible.changes).map(BigInt)
      for (const id of ids)
        if (!allowed.NonFungible.includes(id)) throw new StateDiffMismatchError({ reason: `token ${token}: NFT ${id} is not in the allowance` })
      chosen[token] = { NonFungible: ids }
    }
  }
  return debitAllowanceDiffs(verified.signerAddress, verified.content, chosen)
}

function truncate(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text
}
