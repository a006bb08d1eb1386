import type { Ed25519Signer, EvidenceSource, UcpRequestKey } from '@verity/core'
import { InvalidExtractRequestError, ProductNotFoundError, UnsupportedSolutionError, VariantNotFoundError } from './errors/extractorErrors.ts'
import type { EvidenceMapping } from './evidence/EvidenceMapping.ts'
import { extractEvidence, type Evidence } from './evidence/extractEvidence.ts'
import { parseEvidenceSchema } from './evidence/parseEvidenceSchema.ts'
import { SOLUTION_CHARS_MAX } from './limits.ts'
import type { ProductSource } from './product/ProductSource.ts'
import { describeSelections, parseVariantSelection, selectVariants } from './product/selectVariants.ts'
import { parseUcpBusiness } from './ucp/parseUcpBusiness.ts'
import { namesCheckout, type UcpCheckoutSource } from './ucp/UcpCheckoutSource.ts'
import type { EvidenceSchema } from './evidence/parseEvidenceSchema.ts'

/** The body of `POST /extract` (DESIGN §4). `intent_id` and `template_id` are informational. */
export type ExtractRequest = Readonly<{
  intent_id?: string
  template_id?: string
  solution: string
  metadata?: unknown
  schema: Readonly<Record<string, string>>
}>

/** What extraction needs: a source per solution scheme, the field mapping rules, and the key that attests replies (optional). */
export type ExtractorDependencies = Readonly<{
  catalog?: ProductSource
  storefront?: ProductSource
  /** UCP businesses: solutions whose `metadata.business` names one (UcpSource). */
  ucp?: ProductSource
  /** Checkout sessions at UCP businesses: solutions whose metadata is `{"business": …, "checkout": true}` (UcpCheckoutSource). */
  ucpCheckout?: UcpCheckoutSource
  mapping: EvidenceMapping
  signer?: Ed25519Signer
  /** The key UCP session reads are signed with (derived from `signer`), listed in the platform profile it serves. */
  ucpRequestKey?: UcpRequestKey
}>

function sourceFor(deps: ExtractorDependencies, solution: string, metadata: unknown): ProductSource {
  // A business named in the metadata makes the solution one of its UCP ids, whatever it looks like (`gid://...`, `prod_123`).
  if (parseUcpBusiness(metadata) !== undefined) {
    if (deps.ucp === undefined) throw new UnsupportedSolutionError({ solution, reason: 'this extractor does not call UCP businesses' })
    return deps.ucp
  }
  if (solution.startsWith('catalog:')) {
    if (deps.catalog === undefined) throw new UnsupportedSolutionError({ solution, reason: 'this extractor has no catalog' })
    return deps.catalog
  }
  if (/^https?:\/\//i.test(solution)) {
    if (deps.storefront === undefined) throw new UnsupportedSolutionError({ solution, reason: 'this extractor does not fetch storefronts' })
    return deps.storefront
  }
  throw new UnsupportedSolutionError({ solution, reason: 'expected catalog:<product-id>, an http(s) product URL, or a UCP id with metadata.business' })
}

/**
 * Resolves a proposal's `solution` to a product, narrows it to the variant(s) the solution and
 * `metadata` select, and maps the product data to the evidence fields of `schema`, leaving out
 * every field it cannot establish.
 * @example await extractFromSolution(deps, { solution: 'catalog:tee-classic', metadata: { options: { Color: 'White', Size: 'M' } }, schema: { price_cents: 'int' } })
 */
export async function extractFromSolution(deps: ExtractorDependencies, request: ExtractRequest): Promise<Evidence> {
  return (await extractWithSources(deps, request)).evidence
}

/** extractFromSolution, also returning the documents fetched to establish the evidence. */
export async function extractWithSources(
  deps: ExtractorDependencies,
  request: ExtractRequest,
): Promise<{ evidence: Evidence; sources: readonly EvidenceSource[] }> {
  const { solution } = request
  if (typeof solution !== 'string' || solution.trim().length === 0)
    throw new InvalidExtractRequestError({ field: 'solution', reason: 'expected a non-empty string' })
  if (solution.length > SOLUTION_CHARS_MAX)
    throw new InvalidExtractRequestError({ field: 'solution', reason: `${solution.length} characters, at most ${SOLUTION_CHARS_MAX}` })
  const schema = parseEvidenceSchema(request.schema)
  if (namesCheckout(request.metadata)) return extractCheckout(deps, solution.trim(), request.metadata, schema)
  const metadataSelection = parseVariantSelection(request.metadata)
  const match = await sourceFor(deps, solution.trim(), request.metadata).findProduct(solution.trim(), request.metadata)
  if (match === undefined) throw new ProductNotFoundError({ solution })
  const selections = [match.selection, metadataSelection]
  const candidates = selectVariants(match.product, selections)
  if (candidates.length === 0) throw new VariantNotFoundError({ solution, selection: describeSelections(selections) })
  return { evidence: extractEvidence({ product: match.product, candidates, schema, mapping: deps.mapping }), sources: match.sources ?? [] }
}

/** A checkout session at a UCP business (docs/extractor.md, "UCP checkouts"): the solution is the session id. */
async function extractCheckout(deps: ExtractorDependencies, solution: string, metadata: unknown, schema: EvidenceSchema): Promise<{ evidence: Evidence; sources: readonly EvidenceSource[] }> {
  const base = parseUcpBusiness(metadata)
  if (base === undefined) throw new InvalidExtractRequestError({ field: 'metadata.business', reason: 'a checkout solution needs metadata.business, the base URL of the business' })
  if (deps.ucpCheckout === undefined) throw new UnsupportedSolutionError({ solution, reason: 'this extractor does not call UCP businesses' })
  return deps.ucpCheckout.extract(base, solution, schema, deps.mapping)
}
