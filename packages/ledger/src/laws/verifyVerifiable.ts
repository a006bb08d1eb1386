import { assertSignature, InvalidSignatureError, isVerityError, type HashDigest } from '@verity/core'
import { formatAddressMemo, ownerIdOfSignatureMemo } from './addressMemo.ts'
import { canonicalPayloadBytes } from './payloadBytes.ts'
import type { DebitAllowance, FungibleMint, NftMint, SignedVerifiableKind, SignedVerifiableType } from '../wire/Verifiable.ts'
import type { Address } from '../wire/Vault.ts'

/** A verifiable whose signature checked out, with its signer and the vault it acts on. */
export type VerifiedVerifiable =
  | { kind: 'DebitAllowance'; signer: HashDigest; signerAddress: Address; content: DebitAllowance }
  | { kind: 'FungibleTokenMint'; signer: HashDigest; signerAddress: Address; content: FungibleMint }
  | { kind: 'NftMint'; signer: HashDigest; signerAddress: Address; content: NftMint }

/** The tag and signed message of a verifiable. */
export function verifiableParts(v: SignedVerifiableType): { kind: SignedVerifiableKind; message: { payload: { content: unknown; auxiliary: number[] }; signature: unknown } } {
  if ('DebitAllowance' in v) return { kind: 'DebitAllowance', message: v.DebitAllowance }
  if ('FungibleTokenMint' in v) return { kind: 'FungibleTokenMint', message: v.FungibleTokenMint }
  return { kind: 'NftMint', message: v.NftMint }
}

/**
 * Checks the signature of `v` over the UTF-8 bytes of JCS(payload) (DESIGN §3) and returns its
 * signer: the owner of the debited vault (a debit allowance) or of the mint vault (a mint), whose
 * address is `(signer, debited_shard | shard)`. The signer is whoever signed, so "signed by the
 * right owner" holds by construction: the vault acted on is derived from the signature.
 * Throws `InvalidSignatureError` (INVALID_SIGNATURE, from @verity/core) with the reason.
 */
export function verifyVerifiable(v: SignedVerifiableType): VerifiedVerifiable {
  const { kind, message } = verifiableParts(v)
  let signer: HashDigest
  try {
    assertSignature(message.signature, canonicalPayloadBytes(message.payload))
    signer = ownerIdOfSignatureMemo(message.signature as Parameters<typeof ownerIdOfSignatureMemo>[0])
  } catch (error) {
    if (error instanceof InvalidSignatureError) throw error
    if (isVerityError(error)) throw new InvalidSignatureError({ reason: error.message }, { cause: error })
    throw error
  }
  if (kind === 'DebitAllowance') {
    const content = message.payload.content as DebitAllowance
    return { kind, signer, signerAddress: formatAddressMemo(signer, content.debited_shard), content }
  }
  const content = message.payload.content as FungibleMint | NftMint
  const signerAddress = formatAddressMemo(signer, content.shard)
  return kind === 'FungibleTokenMint'
    ? { kind, signer, signerAddress, content: content as FungibleMint }
    : { kind, signer, signerAddress, content: content as NftMint }
}
