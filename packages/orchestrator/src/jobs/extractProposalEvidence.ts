import { retryWithBackoff, type EvidenceAttestation, type RetryPolicy } from '@verity/core'
import type { CompiledTemplate } from '@verity/policy'
import { ExtractorFailedError, isTransientExtractorFailure } from '../errors/extractorErrors.ts'
import type { EvidenceExtractor } from '../extractor/EvidenceExtractor.ts'
import type { Proposal } from '../proposals/parseProposal.ts'
import type { ProposalFailure } from './evaluateProposalEvidence.ts'

export type ExtractProposalEvidenceParameters = {
  extractEvidence: EvidenceExtractor
  /** How transient extractor faults are retried before the proposal may fail. */
  retry: RetryPolicy
  intentId: string
  templateId: string
  proposal: Proposal
  compiled: CompiledTemplate
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void
  /** Aborting ends a wait between tries: this then throws the signal's reason. */
  signal?: AbortSignal
}

/**
 * Asks the extractor for the evidence of a proposal, retrying transient faults (unreachable,
 * time-out, 429/500/503/504) with back-off. Returns the evidence with the attestation that vouches
 * for it (null when the extractor does not attest), or a ProposalFailure naming the
 * cause (with the number of tries when they were used up).
 */
export async function extractProposalEvidence(
  parameters: ExtractProposalEvidenceParameters,
): Promise<{ evidenceJson: Record<string, unknown>; attestation: EvidenceAttestation | null } | ProposalFailure> {
  const request = {
    intent_id: parameters.intentId,
    template_id: parameters.templateId,
    solution: parameters.proposal.solution,
    metadata: parameters.proposal.metadata,
    schema: Object.fromEntries(parameters.compiled.evidence.map((field) => [field.name, field.type])),
  }
  try {
    const extracted = await retryWithBackoff(() => parameters.extractEvidence(request), {
      ...parameters.retry,
      isRetryable: isTransientExtractorFailure,
      ...(parameters.onRetry === undefined ? {} : { onRetry: parameters.onRetry }),
      ...(parameters.signal === undefined ? {} : { signal: parameters.signal }),
    })
    return { evidenceJson: extracted.evidence, attestation: extracted.attestation }
  } catch (error) {
    if (!(error instanceof ExtractorFailedError)) throw error
    const tries = error.fields.transient && parameters.retry.attemptsMax > 1 ? ` (after ${parameters.retry.attemptsMax} tries)` : ''
    return { reason: `${error.message}${tries}`, evidence: null, constraintFailures: [] }
  }
}
