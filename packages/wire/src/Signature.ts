// The signature union of DESIGN §3 on the wire: an externally tagged object with exactly one
// scheme key. The schema checks the shape and the bounds of @verity/core's limits; core's
// parseSignature stays the exact decoder of the bytes (lengths, curve points, DER) and answers
// MALFORMED_SIGNATURE naming the field. Signature.test-d.ts keeps this schema and core's
// `Signature` type equal.
import { limits, signatureLengths } from '@verity/core'
import { Type } from 'typebox'
import { Base58 } from './encodings.ts'

const publicKeyBytesMax = signatureLengths.p256PublicKeyUncompressed
const signatureBytesMax = signatureLengths.p256SignatureDerMax

export const Ed25519Signature = Type.Object(
  {
    Ed25519: Type.Object(
      {
        pub_key: Base58('base58 of the 32-byte Ed25519 public key', signatureLengths.ed25519PublicKey),
        signature: Base58('base58 of the 64-byte signature', signatureLengths.ed25519Signature),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
)

export const PasskeySignature = Type.Object(
  {
    Passkey: Type.Object(
      {
        pub_key: Base58('base58 SEC1 P-256 public key (33 or 65 bytes)', publicKeyBytesMax),
        signature: Base58('base58 ECDSA signature, DER or 64-byte r‖s', signatureBytesMax),
        client_data: Type.String({ maxLength: limits.CLIENT_DATA_BYTES_MAX, description: 'the exact clientDataJSON string' }),
        authenticator_data: Base58('base58 WebAuthn authenticator data', limits.AUTHENTICATOR_DATA_BYTES_MAX),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
)

export const MultisigPubKey = Type.Object(
  {
    signers: Type.Record(Type.String(), Type.Integer({ minimum: 1, maximum: limits.MULTISIG_WEIGHT_MAX }), {
      maxProperties: limits.MULTISIG_SIGNERS_MAX,
      description: 'base58 public key → weight',
    }),
    threshold: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
)

export const MultisigSignature = Type.Object(
  {
    Multisig: Type.Object(
      {
        pub_key: MultisigPubKey,
        signatures: Type.Array(Type.Union([Ed25519Signature, PasskeySignature]), { maxItems: limits.MULTISIG_SIGNERS_MAX }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
)

/** Ed25519, Passkey or Multisig (docs/signatures.md). */
export const Signature = Type.Union([Ed25519Signature, PasskeySignature, MultisigSignature], { description: 'exactly one scheme key (docs/signatures.md)' })
