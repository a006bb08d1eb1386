import { checkEvidenceAttestation, type EvidenceAttestation, type EvidenceSource } from '@verity/core'
import { attestationSalt } from '@verity/prover'

/** What a bundle says about where its evidence came from. */
export type EvidenceProvenance =
  | {
      status: 'attested'
      /** base58 Ed25519 key of the extractor that signed the evidence. */
      extractorKey: string
      /** True when the key is one the verifier said it trusts; null when the verifier named none (judge the key yourself). */
      trusted: boolean | null
      extractedAtMs: number
      sources: EvidenceSource[]
    }
  | { status: 'unattested' }

export type AttestationLink = { provenance: EvidenceProvenance; salt: bigint | undefined } | { ok: false; reason: string; check: 'attestation-missing' | 'attestation' | 'extractor' }

/**
 * The link "evidence → extractor" of the trust chain. An attested bundle (`proof.attestation`)
 * must carry an attestation whose signature verifies over this intent, template, proposal and
 * evidence, by a key the verifier trusts (when it names any); the salt of the evidence commitment
 * is then derived from the attestation (so the proof, checked next, is bound to it). An
 * unattested bundle is accepted as "evidence unattested" unless the verifier asks for trusted
 * keys. Returns the provenance and the salt to verify the proof with (undefined: the bundle's).
 */
export function checkAttestationLink(
  proof: { attestation?: unknown; attestation_salt_nonce?: unknown; salt?: unknown },
  extraction: { intent_id: string; template_id: string; solution: string; metadata: unknown; evidence: Record<string, unknown> },
  trustedExtractorKeys: readonly string[] | undefined,
): AttestationLink {
  if (proof.attestation === undefined || proof.attestation === null) {
    if (trustedExtractorKeys !== undefined && trustedExtractorKeys.length > 0)
      return { ok: false, reason: 'the evidence is unattested, but you asked for evidence attested by a trusted extractor key', check: 'attestation-missing' }
    return { provenance: { status: 'unattested' }, salt: undefined }
  }
  const check = checkEvidenceAttestation(proof.attestation, extraction)
  if (!check.ok) return { ok: false, reason: `evidence attestation: ${check.reason}`, check: 'attestation' }
  const trusted = trustedExtractorKeys === undefined || trustedExtractorKeys.length === 0 ? null : trustedExtractorKeys.includes(check.extractorKey)
  if (trusted === false) return { ok: false, reason: `the evidence is attested by extractor key ${check.extractorKey}, which is not among the keys you trust`, check: 'extractor' }
  if (typeof proof.attestation_salt_nonce !== 'string')
    return { ok: false, reason: 'the bundle has an attestation but no attestation_salt_nonce: the proof cannot be bound to it', check: 'attestation' }
  let salt: bigint
  try {
    salt = attestationSalt(check.attestation as EvidenceAttestation, proof.attestation_salt_nonce)
  } catch (error) {
    return { ok: false, reason: `attestation_salt_nonce: ${(error as Error).message}`, check: 'attestation' }
  }
  if (proof.salt !== undefined && proof.salt !== null && String(proof.salt) !== salt.toString())
    return { ok: false, reason: 'proof.salt is not the salt derived from the attestation and attestation_salt_nonce', check: 'attestation' }
  const { extracted_at_ms: extractedAtMs, sources } = check.attestation
  return { provenance: { status: 'attested', extractorKey: check.extractorKey, trusted, extractedAtMs, sources }, salt }
}
