import type { ExtractorDependencies, ExtractRequest } from '@verity/extractor'
import { ExtractorFailedError } from '../errors/extractorErrors.ts'
import { callExtractor } from './callExtractor.ts'
import { extractInProcess } from './extractInProcess.ts'

/**
 * Gives the evidence for one extraction request, from the extractor in effect now; throws
 * ExtractorFailedError (with `transient` set for faults worth another try).
 */
export type EvidenceExtractor = (request: ExtractRequest) => Promise<Record<string, unknown>>

export type EvidenceExtractorParameters = {
  /** The URL put with PUT /config, or '' for the default (the embedded extractor). */
  configuredUrl: () => Promise<string>
  /** The embedded extractor's sources; undefined when none is embedded. */
  embedded: ExtractorDependencies | undefined
  timeoutMs: number
  replyBytesMax: number
}

/**
 * The orchestrator's one way to ask for evidence: over HTTP when an extractor URL is configured,
 * in-process when the default (embedded) extractor is in effect.
 */
export function createEvidenceExtractor(parameters: EvidenceExtractorParameters): EvidenceExtractor {
  return async (request) => {
    const baseUrl = await parameters.configuredUrl()
    if (baseUrl !== '')
      return callExtractor({ baseUrl, request, timeoutMs: parameters.timeoutMs, replyBytesMax: parameters.replyBytesMax })
    if (parameters.embedded !== undefined) return extractInProcess(parameters.embedded, request)
    throw new ExtractorFailedError({
      url: '(none)',
      reason: 'no evidence extractor is configured (PUT /config) and this orchestrator embeds none',
      transient: false,
    })
  }
}
