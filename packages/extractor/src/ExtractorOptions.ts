import { fileURLToPath } from 'node:url'
import type { StorefrontLookup } from './egress/StorefrontEgressPolicy.ts'

/** Options of the extractor service and of its routes plugin. Every limit defaults to limits.ts. */
export type ExtractorOptions = {
  /**
   * Catalog file (JSON array or JSONL). Default: the demo catalog shipped in
   * packages/extractor/catalog/demo.json. `null` runs without a catalog (storefront URLs only).
   */
  catalogPath?: string | null
  /**
   * Mapping rules file (JSON). Default: `<catalog>.mapping.json` beside the catalog when it exists
   * (`demo.json` → `demo.mapping.json`), else the built-in defaults only.
   */
  mappingPath?: string
  /** How often the catalog file is checked for changes, in ms; 0 turns reloading off. */
  catalogPollIntervalMs?: number
  /** Whole storefront fetch (redirects and body included), in ms. */
  fetchTimeoutMs?: number
  /** Largest storefront reply, in bytes. */
  responseBytesMax?: number
  /** Most redirects one storefront fetch follows. */
  redirectsMax?: number
  /**
   * The extractor's Ed25519 identity: a key file (created, mode 0600, when missing). With one, every
   * reply carries an `attestation` signed with it (docs/proofs.md, "The trust chain"); without one
   * (the default of the library; `verity extractor` and `verity up` always set one), replies are
   * unattested.
   */
  keyFile?: string
  /** Storefront host names allowed (exact); undefined allows every host. `[]` turns storefronts off. */
  storefrontHostsAllowed?: readonly string[]
  /** Ports a storefront URL (or a redirect) may name; default 80 and 443. */
  storefrontPortsAllowed?: readonly number[]
  /**
   * Non-public addresses (loopback, private, link-local, …) storefronts may be fetched from;
   * default none. Entries: a CIDR range (`10.1.0.0/16`, `fd00::/8`) or an address (`10.1.2.3`) on
   * the allowed ports, or `address:port` (`127.0.0.1:8080`, `[::1]:8080`) for that one port only.
   * See docs/security.md#storefront-fetches-ssrf.
   */
  storefrontPrivateAddressesAllowed?: readonly string[]
  /** Host name resolver of the storefront fetch guard; default the system resolver (tests inject one). */
  storefrontLookup?: StorefrontLookup
  /**
   * The platform profile URI advertised on every UCP request (`UCP-Agent: profile="..."`, MCP
   * `meta["ucp-agent"].profile`), or how to read it once the server listens; default: where this
   * extractor serves it (`<its URL>/ucp/platform-profile`, e.g. http://127.0.0.1:8090/ucp/platform-profile
   * for `verity extractor`, `<orchestrator>/extractor/ucp/platform-profile` when embedded). UCP businesses are called through the storefront fetch guard:
   * `storefrontHostsAllowed`, `storefrontPortsAllowed` and `storefrontPrivateAddressesAllowed` apply to them.
   */
  ucpAgentProfileUrl?: string | (() => string)
  /** Largest `POST /extract` body, in bytes. */
  bodyBytesMax?: number
}

/** The demo catalog shipped with the package. */
export const DEMO_CATALOG_PATH = fileURLToPath(new URL('../catalog/demo.json', import.meta.url))
