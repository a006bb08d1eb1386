import { checkoutDigestOf, checkoutFactsOf, checkoutLineKeys, verifyMerchantAuthorization, type EvidenceSource, type UcpRequestKey } from '@verity/core'
import { UCP_AP2_MANDATE, UCP_CHECKOUT } from '@verity/wire'
import { UnsupportedSolutionError, VariantNotFoundError } from '../errors/extractorErrors.ts'
import { UcpCapabilityMissingError, UcpCheckoutUnsignedError } from '../errors/ucpErrors.ts'
import { coerceEvidenceValue, evidenceValueKey, type EvidenceValue } from '../evidence/coerceEvidenceValue.ts'
import type { EvidenceMapping } from '../evidence/EvidenceMapping.ts'
import { extractorOwnedFieldOf, isExtractorOwnedField, type ExtractorOwnedField } from '../evidence/extractorOwnedFields.ts'
import { extractEvidence, type Evidence } from '../evidence/extractEvidence.ts'
import type { EvidenceSchema } from '../evidence/parseEvidenceSchema.ts'
import { CHECKOUT_ITEMS_MAX, PRODUCT_STRING_CHARS_MAX } from '../limits.ts'
import type { AttributeValue } from '../product/Product.ts'
import { selectVariants } from '../product/selectVariants.ts'
import { getUcpCheckout } from './getUcpCheckout.ts'
import { openEgress } from '../egress/openEgress.ts'
import type { UcpTransportContext } from './sendUcpRequest.ts'
import type { UcpSource, UcpSourceOptions } from './UcpSource.ts'
import { UCP_AGENT_PROFILE_URL_DEFAULT } from './ucpPlatformProfile.ts'

type CheckoutView = Readonly<{ base: string; digest: string; facts: ReturnType<typeof checkoutFactsOf> }>

/**
 * Evidence fields a checkout establishes, whatever the mapping says (docs/extractor.md, "UCP
 * checkouts"): what the buyer pays and to whom, read from the merchant-signed checkout. Exactly
 * the extractor-owned fields (the type requires each): an item's product never supplies one.
 */
const CHECKOUT_FIELDS: Readonly<Record<ExtractorOwnedField, (view: CheckoutView) => AttributeValue | undefined>> = Object.freeze({
  price_cents: (view) => view.facts.totalCents,
  total_cents: (view) => view.facts.totalCents,
  currency: (view) => view.facts.currency,
  checkout_id: (view) => view.facts.id,
  checkout_digest: (view) => view.digest,
  line_items: (view) => checkoutLineKeys(view.facts.lines),
  quantity: (view) => BigInt(view.facts.lines.reduce((sum, line) => sum + line.quantity, 0)),
  payee: (view) => view.facts.payee,
  payee_token: (view) => view.facts.payeeToken,
  business: (view) => view.base,
})

/** True when a proposal's metadata names a checkout session (`{"business": …, "checkout": true}`). */
export function namesCheckout(metadata: unknown): boolean {
  return typeof metadata === 'object' && metadata !== null && (metadata as { checkout?: unknown }).checkout === true
}

/**
 * Evidence of a checkout session at a UCP business: the checkout as the business signed it
 * (`ap2.merchant_authorization`, verified with its profile's `signing_keys`), its totals, lines and
 * payee, and the product facts of its items (a field is kept only when every item gives the same
 * value, as for several candidate variants). Every document read is in the sources.
 */
export class UcpCheckoutSource {
  readonly #transport: UcpTransportContext
  readonly #agentProfileUrl: () => string
  readonly #requestKey: UcpRequestKey | undefined

  /**
   * `ucp` discovers businesses and reads their products (its profile cache is shared); `options` are the ones it was built with,
   * and `requestKey` the key session reads are signed with (the one the extractor's platform profile lists).
   */
  constructor(private readonly ucp: UcpSource, options: UcpSourceOptions & { requestKey?: UcpRequestKey | undefined } = {}) {
    this.#transport = openEgress(options)
    this.#requestKey = options.requestKey
    const agentProfileUrl = options.agentProfileUrl ?? UCP_AGENT_PROFILE_URL_DEFAULT
    this.#agentProfileUrl = typeof agentProfileUrl === 'string' ? () => agentProfileUrl : agentProfileUrl
  }

  async extract(base: string, checkoutId: string, schema: EvidenceSchema, mapping: EvidenceMapping): Promise<{ evidence: Evidence; sources: readonly EvidenceSource[] }> {
    if (checkoutId.length > PRODUCT_STRING_CHARS_MAX) throw new UnsupportedSolutionError({ solution: checkoutId, reason: `a checkout id is at most ${PRODUCT_STRING_CHARS_MAX} characters` })
    const business = await this.ucp.discover(base)
    if (!business.capabilities.includes(UCP_CHECKOUT)) throw new UcpCapabilityMissingError({ business: base, reason: `the profile lists no ${UCP_CHECKOUT} capability` })
    const sources: EvidenceSource[] = [...business.sources]
    const checkout = (await getUcpCheckout({ business, checkoutId, agentProfileUrl: this.#agentProfileUrl(), context: this.#transport, sources, requestKey: this.#requestKey })) as Record<string, unknown>
    const url = sources[sources.length - 1]?.url ?? base
    if (!business.capabilities.includes(UCP_AP2_MANDATE)) throw new UcpCheckoutUnsignedError({ url, reason: `the business does not offer ${UCP_AP2_MANDATE}: nobody signs its checkouts` })
    const signed = await verifyMerchantAuthorization(checkout, business.signingKeys)
    if (!signed.ok) throw new UcpCheckoutUnsignedError({ url, reason: `ap2.merchant_authorization: ${signed.reason}` })
    const view: CheckoutView = { base, digest: checkoutDigestOf(checkout), facts: checkoutFactsOf(checkout) }
    const itemIds = [...new Set(view.facts.lines.map((line) => line.itemId))]
    if (itemIds.length === 0) throw new VariantNotFoundError({ solution: checkoutId, selection: 'a checkout without line items' })
    if (itemIds.length > CHECKOUT_ITEMS_MAX) throw new UnsupportedSolutionError({ solution: checkoutId, reason: `a checkout of ${itemIds.length} items; at most ${CHECKOUT_ITEMS_MAX} are proven` })
    const productSchema = new Map([...schema].filter(([field]) => !isExtractorOwnedField(field)))
    const perItem: Evidence[] = []
    for (const itemId of itemIds) perItem.push(await this.itemEvidence(base, itemId, productSchema, mapping, sources, business.sources.length))
    return { evidence: { ...agreeing(perItem), ...checkoutEvidence(view, schema) }, sources }
  }

  private async itemEvidence(base: string, itemId: string, schema: EvidenceSchema, mapping: EvidenceMapping, sources: EvidenceSource[], profileSourceCount: number): Promise<Evidence> {
    const match = await this.ucp.findProduct(itemId, { business: base })
    if (match === undefined) throw new VariantNotFoundError({ solution: itemId, selection: `item ${JSON.stringify(itemId)} at ${base}` })
    // A match's sources begin with the business's profile fetches, already in `sources`.
    sources.push(...(match.sources ?? []).slice(profileSourceCount))
    const candidates = selectVariants(match.product, [match.selection])
    if (candidates.length === 0) throw new VariantNotFoundError({ solution: itemId, selection: `item ${JSON.stringify(itemId)} at ${base}` })
    return extractEvidence({ product: match.product, candidates, schema, mapping })
  }
}

/** The fields every item establishes with one value. */
function agreeing(perItem: readonly Evidence[]): Evidence {
  const [first, ...rest] = perItem
  const evidence: Evidence = {}
  for (const [field, value] of Object.entries(first ?? {})) {
    const key = evidenceValueKey(value)
    if (rest.every((other) => other[field] !== undefined && evidenceValueKey(other[field] as EvidenceValue) === key)) evidence[field] = value
  }
  return evidence
}

function checkoutEvidence(view: CheckoutView, schema: EvidenceSchema): Evidence {
  const evidence: Evidence = {}
  for (const [field, type] of schema) {
    const owned = extractorOwnedFieldOf(field)
    const raw = owned === undefined ? undefined : CHECKOUT_FIELDS[owned](view)
    if (raw === undefined) continue
    const value = coerceEvidenceValue(raw, type.base)
    if (value !== undefined) evidence[field] = value
  }
  return evidence
}
