import { fileURLToPath } from 'node:url'

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
  /** Storefront host names allowed (exact); undefined allows every host. `[]` turns storefronts off. */
  storefrontHostsAllowed?: readonly string[]
  /** Largest `POST /extract` body, in bytes. */
  bodyBytesMax?: number
}

/** The demo catalog shipped with the package. */
export const DEMO_CATALOG_PATH = fileURLToPath(new URL('../catalog/demo.json', import.meta.url))
