/**
 * The normalized product every source produces: a catalog entry, a Shopify product JSON, or a
 * JSON-LD `Product` all become this shape before evidence is mapped from it. Prices are integer
 * cents (`bigint`), never floating point. A field is absent when the source does not establish it.
 */
export type AttributeValue = string | bigint | boolean | readonly string[] | readonly bigint[]

export type Attributes = Readonly<Record<string, AttributeValue>>

export type ProductVariant = Readonly<{
  id: string
  title?: string
  sku?: string
  /** Option name (as the product declares it, e.g. `Color`) to value (e.g. `White`). */
  options: Readonly<Record<string, string>>
  priceCents?: bigint
  currency?: string
  available?: boolean
  attributes: Attributes
}>

export type Product = Readonly<{
  id: string
  handle?: string
  title?: string
  vendor?: string
  productType?: string
  tags?: readonly string[]
  /** Option names in the product's order (`Color`, `Size`). */
  optionNames: readonly string[]
  attributes: Attributes
  /** At least one; a product sold without options has a single variant. */
  variants: readonly ProductVariant[]
  /** Where the product came from: `catalog:<id>` or the URL actually read. */
  source: string
}>
