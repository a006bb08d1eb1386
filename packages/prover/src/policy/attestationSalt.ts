import { canonicalJsonBytes, decodeBase58, encodeBase58, sha256, type EvidenceAttestation } from '@verity/core'
import { randomBytes } from 'node:crypto'
import { FIELD_MODULUS } from './encodeValue.ts'

/** Domain-separation tag of the salt derivation. */
export const ATTESTATION_SALT_TAG = 'verity/policy-salt/v1'
/** Bytes of the random nonce mixed into the salt, so the salt still hides the evidence. */
export const ATTESTATION_SALT_NONCE_BYTES = 32

/**
 * The salt of the evidence commitment of a proof whose evidence is attested: SHA-256(tag ‖
 * SHA-256(JCS(attestation)) ‖ nonce) reduced into the field. The commitment is a public input
 * of the proof, so the proof itself is bound to this attestation: swap the attestation and the
 * recomputed commitment no longer matches (no extra gate in the circuit). `nonceBase58` is the
 * base58 of ATTESTATION_SALT_NONCE_BYTES random bytes, published beside the proof.
 * @example const salt = attestationSalt(attestation, newAttestationSaltNonce())
 */
export function attestationSalt(attestation: EvidenceAttestation, nonceBase58: string): bigint {
  const nonce = decodeBase58(nonceBase58, 'attestation salt nonce', ATTESTATION_SALT_NONCE_BYTES)
  const tag = new TextEncoder().encode(ATTESTATION_SALT_TAG)
  const digest = sha256(Buffer.concat([tag, sha256(canonicalJsonBytes(attestation, 'attestation')), nonce]))
  return BigInt('0x' + Buffer.from(digest).toString('hex')) % FIELD_MODULUS
}

/** A fresh random nonce for attestationSalt, as base58. */
export function newAttestationSaltNonce(): string {
  return encodeBase58(randomBytes(ATTESTATION_SALT_NONCE_BYTES))
}
