// The cost the trust chain adds to one proposal: the extractor signs its reply (JCS + Ed25519),
// the orchestrator checks it (JCS + Ed25519 verify) and derives the proof's salt from it
// (JCS + 2 SHA-256). Measured in this process over the README's extraction, per proposal.
import { attestEvidence, checkEvidenceAttestation, Ed25519Signer } from '@verity/core'
import { attestationSalt, newAttestationSaltNonce } from '@verity/prover'
import type { BenchSettings } from './lib/benchSettings.ts'
import { nowMs, summarize, type Summary } from './lib/stats.ts'

export type EvidenceAttestationResult = { perProposalUs: Summary }

/** Rounds of sign + check + salt; a round is microseconds, so this stays well under a second. */
const ROUNDS = { quick: 500, full: 3_000 }

export function measureEvidenceAttestation(settings: BenchSettings): EvidenceAttestationResult {
  const signer = Ed25519Signer.generate()
  const extraction = {
    intent_id: '0b4d3c1e-6f52-4b7a-9c1d-2e3f4a5b6c7d',
    template_id: '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi',
    solution: 'catalog:tee-classic-white-m',
    metadata: null,
    evidence: { category: 't-shirt', size: 'M', audience: 'unisex', price_cents: 1999, color: 'White', brand: 'Basics Co' },
  }
  const samplesUs: number[] = []
  const rounds = settings.quick ? ROUNDS.quick : ROUNDS.full
  for (let round = 0; round < rounds; round++) {
    const startMs = nowMs()
    const attestation = attestEvidence(signer, extraction, { extractedAtMs: Date.now(), sources: [] })
    const check = checkEvidenceAttestation(attestation, extraction)
    if (!check.ok) throw new Error(`attestation check failed: ${check.reason}`)
    attestationSalt(attestation, newAttestationSaltNonce())
    samplesUs.push((nowMs() - startMs) * 1_000)
  }
  return { perProposalUs: summarize(samplesUs.slice(Math.floor(rounds / 10))) }
}
