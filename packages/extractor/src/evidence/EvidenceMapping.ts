import { ownedFieldSources } from './extractorOwnedFields.ts'
import { SOURCE_WORDS } from './sourceWords.ts'

/**
 * Field-name mapping rules: for each evidence field, the ordered list of sources that may establish
 * it. A source is one of the words of `SOURCE_WORDS`, or `option:<Name>` (a variant option such as
 * `option:Color`), or `attribute:<name>` (a structured attribute of the variant, then of the product),
 * or `category:<taxonomy>` (the category values of one taxonomy, e.g. `category:google_product_category`).
 * Rules are data: a mapping file overrides these defaults field by field, except for the
 * extractor-owned fields (EXTRACTOR_OWNED_FIELDS), whose sources are fixed.
 */
export type EvidenceMapping = ReadonlyMap<string, readonly string[]>

export { SOURCE_WORDS, type SourceWord } from './sourceWords.ts'

/** Built-in rules for common field names; see docs/extractor.md for the table. The owned fields' rules are in extractorOwnedFields.ts. */
export const DEFAULT_MAPPING: EvidenceMapping = new Map<string, readonly string[]>([
  ['available', ['available']],
  ['availability', ['available']],
  ['in_stock', ['available']],
  ['color', ['option:color', 'option:colour', 'attribute:color', 'attribute:colour']],
  ['colour', ['option:colour', 'option:color', 'attribute:colour', 'attribute:color']],
  ['size', ['option:size', 'attribute:size']],
  ['brand', ['attribute:brand', 'vendor']],
  ['vendor', ['vendor']],
  ['category', ['attribute:category', 'product_type', 'category:merchant']],
  ['categories', ['categories']],
  ['google_product_category', ['category:google_product_category']],
  ['shopify_category', ['category:shopify']],
  ['merchant_category', ['category:merchant']],
  ['availability_status', ['availability_status']],
  ['seller', ['seller']],
  ['product_type', ['product_type']],
  ['tags', ['tags']],
  ['title', ['title']],
  ['name', ['title']],
  ['handle', ['handle']],
  ['product_id', ['product_id']],
  ['variant_id', ['variant_id']],
  ['variant_title', ['variant_title']],
  ['sku', ['sku', 'attribute:sku']],
])

/**
 * The sources for `field`: for an extractor-owned field its fixed sources, whatever the mapping
 * says (a product's attributes and options never establish one); else the mapping's own rule if it
 * has one, else the default rule, else `option:<field>` then `attribute:<field>` (names compare
 * case-insensitively, `_`, `-` and spaces alike).
 */
export function sourcesForField(mapping: EvidenceMapping, field: string): readonly string[] {
  return ownedFieldSources(field) ?? mapping.get(field) ?? DEFAULT_MAPPING.get(field) ?? [`option:${field}`, `attribute:${field}`]
}

/** True when `source` is a source expression this extractor understands. */
export function isSourceExpression(source: string): boolean {
  if ((SOURCE_WORDS as readonly string[]).includes(source)) return true
  const match = /^(option|attribute|category):(.+)$/.exec(source)
  return match !== null && (match[2] as string).trim().length > 0
}
