import type { ExtractorDependencies, ExtractRequest } from '@verity/extractor'
import { ExtractorFailedError } from '../errors/extractorErrors.ts'
import type { ExtractorConfig } from '../store/OrchestratorStore.ts'
import { callExtractor } from './callExtractor.ts'
import { checkExtractorAttestation } from './checkExtractorAttestation.ts'
import type { ExtractedEvidence } from './ExtractedEvidence.ts'
import { extractInProcess } from './extractInProcess.ts'

export type { ExtractedEvidence }

/**
 * Gives the evidence for one extraction request, from the extractor in effect now; throws
 * ExtractorFailedError (with `transient` set for faults worth another try).
 */
export type EvidenceExtractor = (request: ExtractRequest) => Promise<ExtractedEvidence>

export type EvidenceExtractorParameters = {
  /** The extractor put with PUT /config ('' URL: the embedded default). */
  configured: () => Promise<ExtractorConfig>
  /** The embedded extractor's sources and key; undefined when none is embedded. */
  embedded: ExtractorDependencies | undefined
  timeoutMs: number
  replyBytesMax: number
}

/**
 * The orchestrator's one way to ask for evidence: over HTTP when an extractor URL is configured
 * (its attestation checked against the configured key), in-process when the default (embedded)
 * extractor is in effect (attested with its own key).
 */
export function createEvidenceExtractor(parameters: EvidenceExtractorParameters): EvidenceExtractor {
  return async (request) => {
    const { url, key } = await parameters.configured()
    if (url !== '') {
      const reply = await callExtractor({ baseUrl: url, request, timeoutMs: parameters.timeoutMs, replyBytesMax: parameters.replyBytesMax })
      return { evidence: reply.evidence, attestation: checkExtractorAttestation(url, reply, request, key) }
    }
    if (parameters.embedded !== undefined) return extractInProcess(parameters.embedded, request)
    throw new ExtractorFailedError({
      url: '(none)',
      reason: 'no evidence extractor is configured (PUT /config) and this orchestrator embeds none',
      transient: false,
    })
  }
}
