import { createExtractorDependencies, type ExtractorLog, type ExtractorOptions } from '@verity/extractor'
import type { OrchestratorSettings } from '../config/OrchestratorSettings.ts'
import type { OrchestratorStore } from '../store/OrchestratorStore.ts'
import { createEvidenceExtractor, type EvidenceExtractor } from './EvidenceExtractor.ts'

export type OpenExtractionParameters = {
  store: OrchestratorStore
  settings: Pick<
    OrchestratorSettings,
    'extractorTimeoutMs' | 'extractorReplyBytesMax' | 'storefrontHostsAllowed' | 'storefrontPortsAllowed' | 'storefrontPrivateAddressesAllowed'
  >
  /** Options of the embedded extractor (default `{}`: the demo catalog); null embeds none. */
  embedded: ExtractorOptions | null | undefined
  /** Where the embedded extractor is mounted, as GET /config shows it. */
  embeddedUrl: () => string
  log: ExtractorLog
}

export type Extraction = {
  /** The embedded extractor's sources and key, to mount under /extractor; undefined when none is embedded. */
  embedded: ReturnType<typeof createExtractorDependencies> | undefined
  extractEvidence: EvidenceExtractor
  /** The extractor in effect, as GET /config shows it: the configured one, or the embedded default with its key. */
  extractorConfig: () => Promise<{ url: string; key: string }>
}

/**
 * Opens the orchestrator's evidence extraction: the embedded extractor (the storefront guard's
 * settings apply to it; options given in code win) and the one way jobs and dry runs ask for evidence.
 */
export function openExtraction(parameters: OpenExtractionParameters): Extraction {
  const { settings, store } = parameters
  const storefrontOptions: ExtractorOptions = {
    ...(settings.storefrontHostsAllowed === undefined ? {} : { storefrontHostsAllowed: settings.storefrontHostsAllowed }),
    storefrontPortsAllowed: settings.storefrontPortsAllowed,
    storefrontPrivateAddressesAllowed: settings.storefrontPrivateAddressesAllowed,
  }
  // The embedded extractor advertises the platform profile it serves under the orchestrator's /extractor.
  const ucpAgentProfileUrl = () => `${parameters.embeddedUrl()}/ucp/platform-profile`
  const embedded =
    parameters.embedded === null ? undefined : createExtractorDependencies({ ...storefrontOptions, ucpAgentProfileUrl, ...parameters.embedded }, parameters.log)
  return {
    embedded,
    extractEvidence: createEvidenceExtractor({
      configured: () => store.getExtractorConfig(),
      embedded: embedded?.dependencies,
      timeoutMs: settings.extractorTimeoutMs,
      replyBytesMax: settings.extractorReplyBytesMax,
    }),
    async extractorConfig() {
      const configured = await store.getExtractorConfig()
      if (configured.url !== '') return configured
      return { url: parameters.embeddedUrl(), key: embedded?.dependencies.signer?.publicKeyBase58 ?? '' }
    },
  }
}
