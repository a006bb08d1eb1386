import { deriveUcpRequestKey, type Ed25519Signer } from '@verity/core'
import { loadOrCreateKeyFile } from '@verity/server'
import { existsSync } from 'node:fs'
import { CatalogSource } from './catalog/CatalogSource.ts'
import type { CatalogFormatError } from './errors/extractorErrors.ts'
import { DEFAULT_MAPPING, type EvidenceMapping } from './evidence/EvidenceMapping.ts'
import { loadMapping } from './evidence/loadMapping.ts'
import type { ExtractorDependencies } from './extractFromSolution.ts'
import { DEMO_CATALOG_PATH, type ExtractorOptions } from './ExtractorOptions.ts'
import { StorefrontSource } from './storefront/StorefrontSource.ts'
import { UcpSource } from './ucp/UcpSource.ts'
import { UcpCheckoutSource } from './ucp/UcpCheckoutSource.ts'

/** The part of a logger the extractor uses (fastify's pino logger fits). */
export type ExtractorLog = {
  info(object: object, message: string): void
  error(object: object, message: string): void
}

/** The mapping file that goes with a catalog: `shop.json` / `shop.jsonl` → `shop.mapping.json`. */
export function mappingPathBeside(catalogPath: string): string {
  return `${catalogPath.replace(/\.jsonl?$/i, '')}.mapping.json`
}

function openMapping(options: ExtractorOptions, catalogPath: string | null): EvidenceMapping {
  if (options.mappingPath !== undefined) return loadMapping(options.mappingPath)
  const beside = catalogPath === null ? undefined : mappingPathBeside(catalogPath)
  return beside !== undefined && existsSync(beside) ? loadMapping(beside) : DEFAULT_MAPPING
}

/**
 * Opens the sources the options describe and returns them with `close()`, which stops watching
 * the catalog. Throws at start: CatalogFormatError or MappingFormatError for a bad file,
 * InvalidOptionError for a bad storefront port or private-address entry (they apply to UCP businesses too).
 */
export function createExtractorDependencies(options: ExtractorOptions, log: ExtractorLog): { dependencies: ExtractorDependencies; close(): void } {
  const catalogPath = options.catalogPath === undefined ? DEMO_CATALOG_PATH : options.catalogPath
  // The storefront first: its options may be refused, and then no catalog watcher is left running.
  // No storefront host allowed turns every outgoing fetch off: storefronts and UCP businesses alike.
  const storefrontOff = options.storefrontHostsAllowed !== undefined && options.storefrontHostsAllowed.length === 0
  const egressOptions = {
    ...(options.fetchTimeoutMs === undefined ? {} : { fetchTimeoutMs: options.fetchTimeoutMs }),
    ...(options.responseBytesMax === undefined ? {} : { responseBytesMax: options.responseBytesMax }),
    ...(options.redirectsMax === undefined ? {} : { redirectsMax: options.redirectsMax }),
    ...(options.storefrontHostsAllowed === undefined ? {} : { hostsAllowed: options.storefrontHostsAllowed }),
    ...(options.storefrontPortsAllowed === undefined ? {} : { portsAllowed: options.storefrontPortsAllowed }),
    ...(options.storefrontPrivateAddressesAllowed === undefined ? {} : { privateAddressesAllowed: options.storefrontPrivateAddressesAllowed }),
    ...(options.storefrontLookup === undefined ? {} : { lookup: options.storefrontLookup }),
  }
  let signer: Ed25519Signer | undefined
  if (options.keyFile !== undefined) {
    const loaded = loadOrCreateKeyFile(options.keyFile)
    signer = loaded.signer
    if (loaded.created) log.info({ keyFile: options.keyFile, extractorKey: signer.publicKeyBase58 }, 'created the extractor key')
  }
  // The key its UCP session reads are signed with, listed in its platform profile: derived from its key, so stable across restarts.
  const ucpRequestKey = signer === undefined ? undefined : deriveUcpRequestKey(signer)
  const storefront = storefrontOff ? undefined : new StorefrontSource(egressOptions)
  const ucpOptions = { ...egressOptions, ...(options.ucpAgentProfileUrl === undefined ? {} : { agentProfileUrl: options.ucpAgentProfileUrl }) }
  const ucp = storefrontOff ? undefined : new UcpSource(ucpOptions)
  const ucpCheckout = ucp === undefined ? undefined : new UcpCheckoutSource(ucp, { ...ucpOptions, requestKey: ucpRequestKey })
  const catalog =
    catalogPath === null
      ? undefined
      : CatalogSource.open(catalogPath, {
          ...(options.catalogPollIntervalMs === undefined ? {} : { pollIntervalMs: options.catalogPollIntervalMs }),
          onReload: (productCount) => log.info({ catalogPath, productCount }, 'catalog reloaded'),
          onReloadError: (error: CatalogFormatError) => log.error({ catalogPath, code: error.code }, `${error.message}; keeping the last good catalog`),
        })
  let mapping: EvidenceMapping
  try {
    mapping = openMapping(options, catalogPath)
  } catch (error) {
    catalog?.close()
    throw error
  }
  return {
    dependencies: {
      ...(catalog === undefined ? {} : { catalog }),
      ...(storefront === undefined ? {} : { storefront }),
      ...(ucp === undefined ? {} : { ucp }),
      ...(ucpCheckout === undefined ? {} : { ucpCheckout }),
      mapping,
      ...(signer === undefined ? {} : { signer }),
      ...(ucpRequestKey === undefined ? {} : { ucpRequestKey }),
    },
    close: () => catalog?.close(),
  }
}
