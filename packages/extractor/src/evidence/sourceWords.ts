// The words a mapping rule may name as a source: a fixed property of the product or its variant.
// Apart from EvidenceMapping.ts so that extractorOwnedFields.ts can name them without an import circle.
/** Sources naming a fixed property of the product or the selected variant. */
export const SOURCE_WORDS = [
  'price_cents',
  'currency',
  'available',
  'vendor',
  'product_type',
  'tags',
  'title',
  'handle',
  'product_id',
  'variant_id',
  'variant_title',
  'sku',
  'availability_status',
  'seller',
  'categories',
  'payee',
  'payee_token',
  'business',
] as const

export type SourceWord = (typeof SOURCE_WORDS)[number]
