import { canonicalJsonBytes } from '../encoding/jcs.ts'
import { hashDigest, type HashDigest } from '../hash/sha256.ts'
import { MalformedSignatureError } from '../errors/signatureErrors.ts'
import { parseMultisigPubKey, parseSignature } from '../signature/parseSignature.ts'
import { compressP256PublicKey } from '../signature/p256PublicKey.ts'
import type { MultisigPubKey, Signature } from '../signature/Signature.ts'

/** Scheme tags hashed in front of the key bytes, so one key never names two owners. */
export const ownerIdTags = Object.freeze({ ed25519: 'ed25519', p256: 'p256', multisig: 'multisig' })

/** base58(SHA-256(tag ‖ 0x00 ‖ key bytes)). */
function taggedDigest(tag: string, keyBytes: Uint8Array): HashDigest {
  return hashDigest(Buffer.concat([Buffer.from(tag, 'utf8'), Buffer.of(0), keyBytes]))
}

/** Owner id of a 32-byte Ed25519 public key. */
export function ownerIdOfEd25519Key(publicKey: Uint8Array): HashDigest {
  if (publicKey.length !== 32)
    throw new MalformedSignatureError({ field: 'pub_key', reason: `expected 32 bytes, got ${publicKey.length}` })
  return taggedDigest(ownerIdTags.ed25519, publicKey)
}

/** Owner id of a P-256 public key, 33-byte compressed or 65-byte uncompressed SEC1: both give the same id. */
export function ownerIdOfP256Key(publicKey: Uint8Array): HashDigest {
  if (publicKey.length !== 33 && publicKey.length !== 65)
    throw new MalformedSignatureError({ field: 'pub_key', reason: `expected 33 or 65 bytes, got ${publicKey.length}` })
  let compressed: Uint8Array
  try {
    compressed = compressP256PublicKey(publicKey)
  } catch (error) {
    throw new MalformedSignatureError({ field: 'pub_key', reason: 'not a point on the P-256 curve' }, { cause: error })
  }
  return taggedDigest(ownerIdTags.p256, compressed)
}

/**
 * Owner id of a multisig `pub_key`: the tagged digest of the UTF-8 bytes of JCS(pub_key) with
 * every signer key rewritten to its canonical form (P-256 keys compressed), so the id does not
 * depend on key order or on which SEC1 form was sent.
 */
export function ownerIdOfMultisig(pubKey: MultisigPubKey): HashDigest {
  const { signers, threshold } = parseMultisigPubKey(pubKey, 'pub_key')
  const canonical = { signers: Object.fromEntries(signers), threshold }
  return taggedDigest(ownerIdTags.multisig, canonicalJsonBytes(canonical, 'pub_key'))
}

/** The owner id a signature speaks for (see DESIGN §3); throws `MalformedSignatureError` for a bad shape. */
export function ownerIdOfSignature(signature: Signature): HashDigest {
  const parsed = parseSignature(signature)
  if (parsed.scheme === 'Ed25519') return taggedDigest(ownerIdTags.ed25519, parsed.publicKey)
  if (parsed.scheme === 'Passkey') return taggedDigest(ownerIdTags.p256, parsed.publicKeyCompressed)
  return ownerIdOfMultisig((signature as { Multisig: { pub_key: MultisigPubKey } }).Multisig.pub_key)
}
