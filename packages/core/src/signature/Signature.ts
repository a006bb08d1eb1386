/**
 * The signature union of DESIGN §3 as it appears on the wire: an externally tagged object with
 * exactly one scheme key. Binary fields are base58 strings; `client_data` is the exact
 * clientDataJSON string the authenticator signed.
 */
export type Signature = Ed25519Signature | PasskeySignature | MultisigSignature

export type Ed25519Signature = {
  Ed25519: {
    /** base58 of the 32-byte public key */
    pub_key: string
    /** base58 of the 64-byte signature */
    signature: string
  }
}

export type PasskeySignature = {
  Passkey: {
    /** base58 of the SEC1 P-256 public key, 33 bytes (compressed) or 65 bytes (uncompressed) */
    pub_key: string
    /** base58 of the ECDSA signature, DER or 64-byte r‖s */
    signature: string
    /** the exact clientDataJSON string */
    client_data: string
    /** base58 of the WebAuthn authenticator data */
    authenticator_data: string
  }
}

export type MultisigPubKey = {
  /** signer public key (base58; 32 bytes Ed25519, 33/65 bytes P-256) → integer weight ≥ 1 */
  signers: Record<string, number>
  /** integer ≥ 1 */
  threshold: number
}

export type MultisigSignature = {
  Multisig: {
    pub_key: MultisigPubKey
    /** inner signatures (Ed25519 or Passkey) over the same signed bytes */
    signatures: Array<Ed25519Signature | PasskeySignature>
  }
}

/** The scheme names, as the union's keys. */
export type SignatureScheme = 'Ed25519' | 'Passkey' | 'Multisig'

/** Byte lengths of the schemes' keys and signatures. */
export const signatureLengths = Object.freeze({
  ed25519PublicKey: 32,
  ed25519Signature: 64,
  p256PublicKeyCompressed: 33,
  p256PublicKeyUncompressed: 65,
  p256SignatureRaw: 64,
  /** shortest and longest DER ECDSA P-256 signature */
  p256SignatureDerMin: 8,
  p256SignatureDerMax: 72,
})
