// UCP 2026-04-08 product data: source/schemas/shopping/types/product.json, variant.json, price.json,
// amount.json, price_range.json, category.json, description.json, media.json, rating.json,
// link.json, product_option.json, option_value.json, selected_option.json, detail_option_value.json.
// `attributes` is not in the UCP schema: it is the catalog extension Shopify publishes
// (`attributes: [{name, value}]` on products and variants), allowed by UCP's open objects.
import { Type } from 'typebox'

/** amount.json: a non-negative integer in the currency's ISO 4217 minor unit (cents for USD). */
export const UcpAmount = Type.Integer({ minimum: 0, description: 'amount in ISO 4217 minor units' })

const Currency = Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 currency code' })

/** price.json. */
export const UcpPrice = Type.Object({ amount: UcpAmount, currency: Currency })

/** price_range.json. */
export const UcpPriceRange = Type.Object({ min: UcpPrice, max: UcpPrice })

/** category.json: `taxonomy` well-known values `google_product_category`, `shopify`, `merchant`. */
export const UcpCategory = Type.Object({ value: Type.String(), taxonomy: Type.Optional(Type.String()) })

/** description.json: at least one format. */
export const UcpDescription = Type.Object(
  { plain: Type.Optional(Type.String()), html: Type.Optional(Type.String()), markdown: Type.Optional(Type.String()) },
  { minProperties: 1 },
)

/** media.json. */
export const UcpMedia = Type.Object({
  type: Type.String(),
  url: Type.String(),
  alt_text: Type.Optional(Type.String()),
  width: Type.Optional(Type.Integer({ minimum: 1 })),
  height: Type.Optional(Type.Integer({ minimum: 1 })),
})

/** rating.json. */
export const UcpRating = Type.Object({
  value: Type.Number({ minimum: 0 }),
  scale_min: Type.Optional(Type.Number({ minimum: 0 })),
  scale_max: Type.Number({ minimum: 1 }),
  count: Type.Optional(Type.Integer({ minimum: 0 })),
})

/** link.json. */
export const UcpLink = Type.Object({ type: Type.String(), url: Type.String(), title: Type.Optional(Type.String()) })

/** option_value.json. */
export const UcpOptionValue = Type.Object({ id: Type.Optional(Type.String()), label: Type.String() })

/** detail_option_value.json: an option value with availability signals (get_product replies). */
export const UcpDetailOptionValue = Type.Object({
  id: Type.Optional(Type.String()),
  label: Type.String(),
  available: Type.Optional(Type.Boolean()),
  exists: Type.Optional(Type.Boolean()),
})

/** product_option.json. */
export const UcpProductOption = Type.Object({ name: Type.String(), values: Type.Array(UcpOptionValue, { minItems: 1 }) })

/** selected_option.json: one option of a variant, e.g. `{name: "Size", label: "Medium (M)"}`. */
export const UcpSelectedOption = Type.Object({ name: Type.String(), id: Type.Optional(Type.String()), label: Type.String() })

/** Shopify's catalog extension: a named attribute (`{"name": "Fabric", "value": "Cotton"}`); a repeated name lists several values. */
export const UcpAttribute = Type.Object({ name: Type.String(), value: Type.String() })

const Barcode = Type.Object({ type: Type.String(), value: Type.String() })

const UnitPrice = Type.Object({
  amount: UcpAmount,
  currency: Currency,
  measure: Type.Object({ value: Type.Number(), unit: Type.String() }),
  reference: Type.Object({ value: Type.Integer(), unit: Type.String() }),
})

/** variant.json (plus Shopify's `attributes`). */
export const UcpVariant = Type.Object({
  id: Type.String({ description: 'global id of this variant; item.id in checkout' }),
  sku: Type.Optional(Type.String()),
  barcodes: Type.Optional(Type.Array(Barcode)),
  handle: Type.Optional(Type.String()),
  title: Type.String(),
  description: UcpDescription,
  url: Type.Optional(Type.String()),
  categories: Type.Optional(Type.Array(UcpCategory)),
  price: UcpPrice,
  list_price: Type.Optional(UcpPrice),
  unit_price: Type.Optional(UnitPrice),
  availability: Type.Optional(Type.Object({ available: Type.Optional(Type.Boolean()), status: Type.Optional(Type.String()) })),
  options: Type.Optional(Type.Array(UcpSelectedOption)),
  media: Type.Optional(Type.Array(UcpMedia)),
  rating: Type.Optional(UcpRating),
  tags: Type.Optional(Type.Array(Type.String())),
  metadata: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  seller: Type.Optional(Type.Object({ name: Type.Optional(Type.String()), links: Type.Optional(Type.Array(UcpLink)) })),
  attributes: Type.Optional(Type.Array(UcpAttribute, { description: "Shopify catalog extension: the variant's attributes" })),
})

const productProperties = {
  id: Type.String({ description: 'global id of this product' }),
  handle: Type.Optional(Type.String()),
  title: Type.String(),
  description: UcpDescription,
  url: Type.Optional(Type.String()),
  categories: Type.Optional(Type.Array(UcpCategory)),
  price_range: UcpPriceRange,
  list_price_range: Type.Optional(UcpPriceRange),
  media: Type.Optional(Type.Array(UcpMedia)),
  options: Type.Optional(Type.Array(UcpProductOption)),
  variants: Type.Array(UcpVariant, { minItems: 1, description: 'first is the featured variant' }),
  rating: Type.Optional(UcpRating),
  tags: Type.Optional(Type.Array(Type.String())),
  metadata: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  attributes: Type.Optional(Type.Array(UcpAttribute, { description: "Shopify catalog extension: the product's attributes" })),
}

/** product.json (plus Shopify's `attributes`). */
export const UcpProduct = Type.Object(productProperties)

/** catalog_lookup.json#/$defs/detail_product: a product in a get_product reply, with the effective selections and availability signals. */
export const UcpDetailProduct = Type.Object({
  ...productProperties,
  selected: Type.Optional(Type.Array(UcpSelectedOption)),
  options: Type.Optional(Type.Array(Type.Object({ name: Type.String(), values: Type.Array(UcpDetailOptionValue, { minItems: 1 }) }))),
})
