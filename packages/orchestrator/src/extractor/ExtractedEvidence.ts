import type { EvidenceAttestation } from '@verity/core'

/** Evidence with the attestation that vouches for it (null: a third-party extractor that does not attest). */
export type ExtractedEvidence = { evidence: Record<string, unknown>; attestation: EvidenceAttestation | null }
