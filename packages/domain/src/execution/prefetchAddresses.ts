// A first guess of the vaults a batch reads, so that most batches run once over prefetched state
// (PrefetchedView records whatever the guess missed).
import { NATIVE_TOKEN_ID } from '@verity/core'
import { formatAddressMemo, ownerIdOfSignatureMemo, type StateDiff, type VerifiableType } from '@verity/ledger'

/** Addresses a verifiable (and its caller-computed diffs) will probably read: signer's vault, credited vaults, token mints. */
export function prefetchAddresses(verifiable: VerifiableType, diffs: readonly StateDiff[] | undefined, into: Set<string>): void {
  if ('MandatePayment' in verifiable) {
    into.add(verifiable.MandatePayment.debited)
    into.add(verifiable.MandatePayment.credited)
    if (verifiable.MandatePayment.token !== NATIVE_TOKEN_ID) into.add(verifiable.MandatePayment.token)
    return
  }
  const message = 'DebitAllowance' in verifiable ? verifiable.DebitAllowance : 'FungibleTokenMint' in verifiable ? verifiable.FungibleTokenMint : verifiable.NftMint
  try {
    const signer = ownerIdOfSignatureMemo(message.signature)
    const content = message.payload.content
    into.add(formatAddressMemo(signer, 'debited_shard' in content ? content.debited_shard : content.shard))
  } catch {
    // A malformed signature: the ledger reports it; nothing to prefetch.
  }
  if ('DebitAllowance' in verifiable) {
    const content = verifiable.DebitAllowance.payload.content
    into.add(content.credited)
    for (const token of Object.keys(content.allowances)) if (token !== NATIVE_TOKEN_ID) into.add(token)
  } else {
    const operation = ('FungibleTokenMint' in verifiable ? verifiable.FungibleTokenMint : verifiable.NftMint).payload.content.operation
    const credited = 'Create' in operation ? operation.Create.credited : operation.IncreaseSupply.credited
    for (const credit of credited) into.add(credit.address)
  }
  for (const diff of diffs ?? []) {
    into.add(diff.address)
    if ('TokenDiffs' in diff.operation) for (const token of Object.keys(diff.operation.TokenDiffs)) if (token !== NATIVE_TOKEN_ID) into.add(token)
  }
}
