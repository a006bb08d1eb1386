import type { HashDigest } from '../hash/sha256.ts'
import type { Ed25519Signature, PasskeySignature, Signature } from '../signature/Signature.ts'

/** Anything that signs bytes for one owner id. */
export interface Signer {
  /** the owner id its signatures speak for */
  readonly ownerId: HashDigest
  /** signs `message` (the signed bytes, e.g. UTF-8 of JCS(payload)) */
  sign(message: Uint8Array): Signature
}

/** A signer with a single public key, which a multisig can list among its signers. */
export interface KeySigner extends Signer {
  /** base58 of the public key as it appears in its signatures */
  readonly publicKeyBase58: string
  sign(message: Uint8Array): Ed25519Signature | PasskeySignature
}
