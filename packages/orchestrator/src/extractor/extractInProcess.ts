import { isVerityError } from '@verity/core'
import { extractAttested, type ExtractorDependencies, type ExtractRequest } from '@verity/extractor'
import { ExtractorFailedError } from '../errors/extractorErrors.ts'
import type { ExtractedEvidence } from './ExtractedEvidence.ts'

/** How failures of the embedded extractor name it (it has no URL of its own to name). */
export const EMBEDDED_EXTRACTOR_NAME = '(embedded)'

/**
 * Asks the embedded reference extractor in this process: no HTTP, no port, so a job resumed at
 * start-up never waits for the server to listen. Returns the evidence as plain JSON, exactly as
 * the HTTP route would send it, with its attestation (null when the embedded extractor has no key). The extractor's typed failures (no such product, no such variant,
 * storefront unreadable, a refused URL) are about the proposal: an ExtractorFailedError naming
 * the code, not transient. Anything else (a bug) is thrown as it is.
 */
export async function extractInProcess(dependencies: ExtractorDependencies, request: ExtractRequest): Promise<ExtractedEvidence> {
  try {
    const { evidence, attestation } = await extractAttested(dependencies, request)
    return { evidence, attestation: attestation ?? null }
  } catch (error) {
    if (!isVerityError(error)) throw error
    throw new ExtractorFailedError({ url: EMBEDDED_EXTRACTOR_NAME, reason: `${error.code}: ${error.message}`, transient: false })
  }
}
