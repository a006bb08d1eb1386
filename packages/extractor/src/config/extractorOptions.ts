import { readServiceOptions, type ServiceOptions } from '@verity/server'
import { EXTRACTOR_PORT_DEFAULT, STOREFRONT_PORTS_ALLOWED_DEFAULT } from '../limits.ts'

/**
 * The start-up options of the reference extractor (`verity extractor`): flag `--<flag>`, variable
 * VERITY_EXTRACTOR_<FLAG> (readServiceOptions). The storefront entries are checked again by the
 * fetch guard at start (StorefrontEgressPolicy).
 */
export const EXTRACTOR_OPTIONS = {
  port: { flag: 'port', kind: 'integer', max: 65_535, defaultText: String(EXTRACTOR_PORT_DEFAULT), summary: 'HTTP port (0: any free port)' },
  host: { flag: 'host', kind: 'string', defaultText: '127.0.0.1', summary: 'address to listen on' },
  catalogPath: { flag: 'catalog', kind: 'string', defaultText: 'the demo catalog', summary: 'catalog file (docs/extractor.md)' },
  mappingPath: { flag: 'mapping', kind: 'string', summary: 'mapping file of storefront fields' },
  keyFile: { flag: 'key-file', kind: 'string', defaultText: '.verity/extractor/key.json', summary: 'attestation key file (created on first start)' },
  storefrontHostsAllowed: { flag: 'storefront-hosts-allowed', kind: 'list', defaultText: 'any', summary: 'storefront hosts it may fetch (comma-separated)' },
  storefrontPortsAllowed: { flag: 'storefront-ports-allowed', kind: 'portList', defaultText: STOREFRONT_PORTS_ALLOWED_DEFAULT.join(','), summary: 'ports a storefront URL may name' },
  storefrontPrivateAddressesAllowed: { flag: 'storefront-private-addresses-allowed', kind: 'list', defaultText: 'none', summary: 'non-public addresses it may fetch (CIDR, address, address:port)' },
  ucpAgentProfileUrl: { flag: 'ucp-agent-profile-url', kind: 'string', defaultText: '<this extractor>/ucp/platform-profile', summary: 'platform profile URI sent to UCP businesses' },
} as const satisfies ServiceOptions

export type ExtractorStartOptions = {
  port?: number
  host?: string
  catalogPath?: string
  mappingPath?: string
  keyFile?: string
  storefrontHostsAllowed?: string[]
  storefrontPortsAllowed?: number[]
  storefrontPrivateAddressesAllowed?: string[]
  ucpAgentProfileUrl?: string
}

/** Reads EXTRACTOR_OPTIONS from flags and variables (only those given); old names go to `onDeprecated`. Throws InvalidOptionError. */
export function readExtractorOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  onDeprecated: (line: string) => void = () => {},
): ExtractorStartOptions {
  const { values, deprecations } = readServiceOptions({ service: 'extractor', options: EXTRACTOR_OPTIONS, argv, env })
  deprecations.forEach(onDeprecated)
  return values
}
