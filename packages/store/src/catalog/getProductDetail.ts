import type { Static, UcpDetailProduct, UcpGetProductRequest, UcpSelectedOption } from '@verity/wire'
import { StoreRequestInvalidError } from '../errors/storeErrors.ts'
import { SELECTED_OPTIONS_MAX } from '../limits.ts'
import { looseName, sameText } from './looseName.ts'
import type { Product, StoreCatalog, Variant } from './StoreCatalog.ts'
import { isAvailable, isVariantMatch, optionLabel, readVariantFilter } from './VariantFilter.ts'

export type GetProductRequest = Static<typeof UcpGetProductRequest>
export type DetailProduct = Static<typeof UcpDetailProduct>
type Selection = Static<typeof UcpSelectedOption>

/**
 * get_product of `dev.ucp.shopping.catalog.lookup`: the product of `id` (a product id or a variant
 * id) with its effective selections, the variants that match them (featured first) and
 * availability signals on every option value. A variant id puts that variant first and fixes the
 * selection (`selected` is then ignored, as the spec says); a product id narrows by `selected`,
 * dropping selections from the end of `preferences` (else of `selected`) until a variant matches;
 * a product id without `selected` lists every variant, the featured one (first available) first.
 * Returns undefined when the id is unknown or the filters leave no variant.
 * @example getProductDetail(catalog, { id: 'tee-classic', selected: [{ name: 'Size', label: 'Medium (M)' }] })
 */
export function getProductDetail(catalog: StoreCatalog, request: GetProductRequest): DetailProduct | undefined {
  if ((request.selected?.length ?? 0) > SELECTED_OPTIONS_MAX || (request.preferences?.length ?? 0) > SELECTED_OPTIONS_MAX)
    throw new StoreRequestInvalidError({ reason: `selected and preferences may name at most ${SELECTED_OPTIONS_MAX} options` })
  assertDistinctNames(request.selected ?? [])
  const filter = readVariantFilter(request.filters)
  const byVariant = catalog.variantById.get(request.id)
  const product = catalog.productById.get(request.id) ?? byVariant?.product
  if (product === undefined) return undefined
  const candidates = product.variants.filter((variant) => isVariantMatch(product, variant, filter))
  const requested = byVariant !== undefined && candidates.includes(byVariant.variant) ? byVariant.variant : undefined
  if (candidates.length === 0 || (byVariant !== undefined && requested === undefined)) return undefined
  const effective = requested !== undefined ? optionsOf(requested) : relax(candidates, request.selected ?? [], request.preferences)
  const narrowed = candidates.filter((variant) => matchesAll(variant, effective))
  const featured = requested ?? narrowed.find(isAvailable) ?? narrowed[0]!
  // A product id without selections: `selected` is the featured variant's (the spec's MUST), and the
  // variants are all of them, featured first, so a client can choose among them without a second call.
  const isUnselected = request.selected === undefined && requested === undefined
  const selected = isUnselected ? optionsOf(featured) : effective
  const variants = [featured, ...candidates.filter((variant) => variant !== featured && (isUnselected || matchesAll(variant, selected)))]
  return {
    ...product,
    ...(product.options === undefined ? {} : { options: signalOptions(product, candidates, selected) }),
    ...(selected.length === 0 && product.options === undefined ? {} : { selected }),
    variants,
  }
}

function assertDistinctNames(selected: readonly Selection[]): void {
  const names = new Set<string>()
  for (const selection of selected) {
    const name = looseName(selection.name)
    if (names.has(name)) throw new StoreRequestInvalidError({ reason: `option ${JSON.stringify(selection.name)} is selected twice` })
    names.add(name)
  }
}

function optionsOf(variant: Variant): Selection[] {
  return (variant.options ?? []).map(({ name, label }) => ({ name, label }))
}

function matchesAll(variant: Variant, selected: readonly Selection[]): boolean {
  return selected.every((selection) => {
    const label = optionLabel(variant, selection.name)
    return label !== undefined && sameText(label, selection.label)
  })
}

/** The longest prefix of the selections (ordered by `preferences`, highest priority first) that some variant matches. */
function relax(candidates: readonly Variant[], selected: readonly Selection[], preferences: readonly string[] | undefined): Selection[] {
  const rank = (selection: Selection) => {
    const index = (preferences ?? []).findIndex((name) => looseName(name) === looseName(selection.name))
    return index === -1 ? Number.MAX_SAFE_INTEGER : index
  }
  const ordered = preferences === undefined ? [...selected] : [...selected].sort((left, right) => rank(left) - rank(right))
  for (let kept = ordered.length; kept > 0; kept--) {
    const attempt = ordered.slice(0, kept)
    if (candidates.some((variant) => matchesAll(variant, attempt))) return selected.filter((selection) => attempt.includes(selection))
  }
  return []
}

/** Each option value with `exists` / `available` relative to the other selections (the spec's availability signals). */
function signalOptions(product: Product, candidates: readonly Variant[], selected: readonly Selection[]): NonNullable<DetailProduct['options']> {
  return (product.options ?? []).map((option) => {
    const others = selected.filter((selection) => looseName(selection.name) !== looseName(option.name))
    return {
      name: option.name,
      values: option.values.map((value) => {
        const matching = candidates.filter((variant) => matchesAll(variant, [...others, { name: option.name, label: value.label }]))
        return { ...value, available: matching.some(isAvailable), exists: matching.length > 0 }
      }),
    }
  })
}
