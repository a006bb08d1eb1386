/**
 * The normalized product every source produces: a catalog entry, a Shopify product JSON, a
 * JSON-LD `Product`, or a UCP `Product` from a business all become this shape before evidence is mapped from it. Prices are integer
 * cents (`bigint`), never floating point. A field is absent when the source does not establish it.
 */
export type AttributeValue = string | bigint | boolean | readonly string[] | readonly bigint[]

export type Attributes = Readonly<Record<string, AttributeValue>>

/** Category values by taxonomy (UCP: `google_product_category`, `shopify`, `merchant`; `""` when the source names none). */
export type Categories = Readonly<Record<string, readonly string[]>>

export type ProductVariant = Readonly<{
  id: string
  title?: string
  sku?: string
  /** Option name (as the product declares it, e.g. `Color`) to value (e.g. `White`). */
  options: Readonly<Record<string, string>>
  priceCents?: bigint
  currency?: string
  available?: boolean
  /** UCP `availability.status`: `in_stock`, `backorder`, `preorder`, `out_of_stock`, `discontinued`, ... */
  availabilityStatus?: string
  /** Tags of the variant itself (UCP variants carry tags); the product's are in Product.tags. */
  tags?: readonly string[]
  /** The seller's display name (UCP `variant.seller.name`). */
  seller?: string
  /** The variant's own categories; a taxonomy it does not list falls back to the product's. */
  categories?: Categories
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
  categories?: Categories
  /** Who is paid for it on a Verity domain, and in which token: a UCP business's `dev.verity.domain` payment handler. */
  payee?: string
  payeeToken?: string
  /**
   * Whom the extractor fetched it from, never what the product says: the base URL of the UCP
   * business whose profile it read, or the origin of the storefront page (after redirects).
   * Absent for a catalog entry. The `business` evidence field (extractorOwnedFields.ts).
   */
  business?: string
  /** At least one; a product sold without options has a single variant. */
  variants: readonly ProductVariant[]
  /** Where the product came from: `catalog:<id>`, or the URL actually read (a UCP business's endpoint). */
  source: string
}>
