import type { EvidenceSource } from '@verity/core'
import { openEgress, type EgressOptions } from '../egress/openEgress.ts'
import { UnsupportedSolutionError, VariantNotFoundError } from '../errors/extractorErrors.ts'
import { PRODUCT_STRING_CHARS_MAX } from '../limits.ts'
import type { ProductMatch, ProductSource } from '../product/ProductSource.ts'
import { discoverUcpBusiness, type UcpBusiness } from './discoverUcpBusiness.ts'
import { getUcpProduct } from './getUcpProduct.ts'
import { parseUcpBusiness } from './parseUcpBusiness.ts'
import type { UcpTransportContext } from './sendUcpRequest.ts'
import { UCP_AGENT_PROFILE_URL_DEFAULT } from './ucpPlatformProfile.ts'
import { UcpProfileCache } from './UcpProfileCache.ts'
import { ucpProductToProduct } from './ucpProductToProduct.ts'

/** The egress options shared with storefronts (EgressOptions: bounds, hosts, ports, non-public addresses, resolver), and: */
export type UcpSourceOptions = EgressOptions & {
  /** The platform profile URI sent on every request, or how to read it once the server listens (default UCP_AGENT_PROFILE_URL_DEFAULT). */
  agentProfileUrl?: string | (() => string)
  /** Bound and clock of the profile cache (tests). */
  profileCacheEntriesMax?: number
  nowMs?: () => number
}

/**
 * Products of UCP businesses (UCP 2026-04-08, catalog lookup; docs/extractor.md "UCP businesses"):
 * a proposal whose `metadata.business` is a business's base URL and whose `solution` is a product
 * or variant id of that business. Discovery is cached per business for its profile's lifetime
 * (UcpProfileCache); each extraction then sends one `get_product`. Every request goes through the
 * storefront fetch guard and is recorded in the extraction's sources.
 */
export class UcpSource implements ProductSource {
  readonly #context: UcpTransportContext
  readonly #agentProfileUrl: () => string
  readonly #profiles: UcpProfileCache<UcpBusiness>

  /** Throws InvalidOptionError for a bad port or private-address entry. */
  constructor(options: UcpSourceOptions = {}) {
    // UCP requires https: a business on the open network answers over TLS or not at all.
    this.#context = openEgress(options)
    const agentProfileUrl = options.agentProfileUrl ?? UCP_AGENT_PROFILE_URL_DEFAULT
    this.#agentProfileUrl = typeof agentProfileUrl === 'string' ? () => agentProfileUrl : agentProfileUrl
    this.#profiles = new UcpProfileCache({
      ...(options.profileCacheEntriesMax === undefined ? {} : { entriesMax: options.profileCacheEntriesMax }),
      ...(options.nowMs === undefined ? {} : { nowMs: options.nowMs }),
    })
  }

  /** The discovered business (cached for its profile's lifetime). */
  async discover(base: string): Promise<UcpBusiness> {
    return this.#profiles.get(base, () => discoverUcpBusiness(base, this.#context), (business) => business.lifetimeMs)
  }

  async findProduct(solution: string, metadata?: unknown): Promise<ProductMatch | undefined> {
    const base = parseUcpBusiness(metadata)
    if (base === undefined) throw new UnsupportedSolutionError({ solution, reason: 'a UCP solution needs metadata.business, the base URL of the business' })
    if (solution.length > PRODUCT_STRING_CHARS_MAX) throw new UnsupportedSolutionError({ solution, reason: `a UCP id is at most ${PRODUCT_STRING_CHARS_MAX} characters` })
    if (!this.#context.isUrlAllowed(new URL(base))) throw new UnsupportedSolutionError({ solution, reason: `host ${new URL(base).hostname} is not an allowed business` })
    const business = await this.discover(base)
    // No `selected` is sent: a business matches it exactly and may relax it (catalog/lookup.md), while
    // metadata.options match loosely (case, spaces, `_`, `-`) here, against every variant it returns.
    const request = { id: solution }
    const sources: EvidenceSource[] = [...business.sources]
    const outcome = await getUcpProduct({ business, request, agentProfileUrl: this.#agentProfileUrl(), context: this.#context, sources })
    if (!outcome.found) throw new VariantNotFoundError({ solution, selection: `id ${JSON.stringify(solution)} at ${base}`, businessMessage: outcome.businessMessage })
    const url = sources[sources.length - 1]?.url ?? business.endpoint.href
    // `business` is the base whose profile was read (it names the payee and the endpoint), never what the product says.
    const product = ucpProductToProduct(outcome.product, {
      url,
      business: base,
      ...(business.payee === undefined ? {} : { payee: business.payee }),
      ...(business.payeeToken === undefined ? {} : { payeeToken: business.payeeToken }),
    })
    // The id names the product, or (the spec puts it first) one of its variants: then that variant is the selection.
    const selection = solution === product.id ? {} : { variantId: solution }
    return { product, selection, sources }
  }
}
