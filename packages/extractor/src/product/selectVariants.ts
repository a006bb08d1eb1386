import { InvalidExtractRequestError } from '../errors/extractorErrors.ts'
import { OPTIONS_PER_PRODUCT_MAX, PRODUCT_STRING_CHARS_MAX } from '../limits.ts'
import { lookupByName } from './normalizeName.ts'
import type { Product, ProductVariant } from './Product.ts'

/** Which variant(s) a proposal means: an id, option values, both, or neither (every variant). */
export type VariantSelection = Readonly<{ variantId?: string; options?: Readonly<Record<string, string>> }>

function parseVariantId(value: unknown): string {
  if (typeof value === 'string' && value.length > 0 && value.length <= PRODUCT_STRING_CHARS_MAX) return value
  if (typeof value === 'bigint' || (typeof value === 'number' && Number.isSafeInteger(value))) return String(value)
  throw new InvalidExtractRequestError({ field: 'metadata.variant_id', reason: 'expected a non-empty string or an integer' })
}

function parseOptions(value: unknown): Record<string, string> {
  const entries = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : undefined
  if (entries === undefined || entries.length > OPTIONS_PER_PRODUCT_MAX)
    throw new InvalidExtractRequestError({ field: 'metadata.options', reason: `expected an object of at most ${OPTIONS_PER_PRODUCT_MAX} option names to string values` })
  for (const [name, option] of entries)
    if (typeof option !== 'string' || option.length > PRODUCT_STRING_CHARS_MAX)
      throw new InvalidExtractRequestError({ field: `metadata.options.${name}`, reason: 'expected a string' })
  return Object.fromEntries(entries) as Record<string, string>
}

/**
 * Reads the variant selection from a proposal's `metadata`: `{"variant_id": "..."}` (string or
 * integer) and/or `{"options": {"Color": "White", "Size": "M"}}`. Other metadata (any JSON) is ignored.
 */
export function parseVariantSelection(metadata: unknown): VariantSelection {
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return {}
  const record = metadata as Record<string, unknown>
  return {
    ...(record.variant_id === undefined || record.variant_id === null ? {} : { variantId: parseVariantId(record.variant_id) }),
    ...(record.options === undefined || record.options === null ? {} : { options: parseOptions(record.options) }),
  }
}

function matches(variant: ProductVariant, selection: VariantSelection): boolean {
  if (selection.variantId !== undefined && variant.id !== selection.variantId && variant.sku !== selection.variantId) return false
  for (const [name, wanted] of Object.entries(selection.options ?? {})) {
    const value = lookupByName(variant.options, name)
    if (value === undefined || value.trim().toLowerCase() !== wanted.trim().toLowerCase()) return false
  }
  return true
}

/**
 * The variants of `product` that satisfy every selection (a `variantId` matches a variant's id or its SKU; option names and values compare without
 * regard to case). Empty when none does; every variant when nothing is selected.
 */
export function selectVariants(product: Product, selections: readonly VariantSelection[]): ProductVariant[] {
  return product.variants.filter((variant) => selections.every((selection) => matches(variant, selection)))
}

/** Describes a selection for error messages. */
export function describeSelections(selections: readonly VariantSelection[]): string {
  const parts = selections.flatMap((selection) => [
    ...(selection.variantId === undefined ? [] : [`variant_id ${JSON.stringify(selection.variantId)}`]),
    ...(selection.options === undefined ? [] : [`options ${JSON.stringify(selection.options)}`]),
  ])
  return parts.length === 0 ? 'no selection' : parts.join(' and ')
}
