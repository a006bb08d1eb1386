import { attestEvidence, parseJsonBigint, stringifyJsonBigint, type EvidenceAttestation } from '@verity/core'
import { extractWithSources, type ExtractorDependencies, type ExtractRequest } from './extractFromSolution.ts'

/** The reply of `POST /extract`: the evidence as plain JSON and, when the extractor has a key, its attestation. */
export type AttestedEvidence = { evidence: Record<string, unknown>; attestation?: EvidenceAttestation }

/**
 * Extracts the evidence of a request and, when `deps.signer` is set, signs an attestation over
 * the request, the evidence, the time and the documents fetched (docs/proofs.md). The evidence is
 * returned as the plain JSON the attestation covers. Throws the extractor's typed errors.
 * @example const { evidence, attestation } = await extractAttested(deps, { solution: 'catalog:tee-classic-white-m', schema: { price_cents: 'int' } })
 */
export async function extractAttested(deps: ExtractorDependencies, request: ExtractRequest, nowMs: () => number = Date.now): Promise<AttestedEvidence> {
  const { evidence, sources } = await extractWithSources(deps, request)
  const evidenceJson = parseJsonBigint(stringifyJsonBigint(evidence)) as Record<string, unknown>
  if (deps.signer === undefined) return { evidence: evidenceJson }
  const extraction = { ...request, evidence: evidenceJson }
  return { evidence: evidenceJson, attestation: attestEvidence(deps.signer, extraction, { extractedAtMs: nowMs(), sources }) }
}
