// The store's own selling rules (docs/ucp.md, "Shop rules"): a JSON file beside the catalog.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Type, type Static } from 'typebox'
import { describeUcpViolations, UcpLink, UcpPostalAddress, validateUcp } from '@verity/wire'
import { CheckoutStateError } from '../../errors/storeErrors.ts'

const Amount = Type.Integer({ minimum: 0, maximum: 1_000_000_000 })

/** One shipping rate: offered to destinations in `country` (ISO 3166-1 alpha-2, `*` for any); per service level a country's own rate wins over `*`. */
const ShippingRate = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  country: Type.String({ minLength: 1, maxLength: 3 }),
  service_level: Type.String({ minLength: 1, maxLength: 32 }),
  title: Type.String({ minLength: 1, maxLength: 128 }),
  amount: Amount,
})

/** A free-shipping promotion on one service level: when the subtotal reaches `min_subtotal`, or every line item is one of `item_ids`. */
const FreeShipping = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  title: Type.String({ maxLength: 128 }),
  service_level: Type.String({ minLength: 1, maxLength: 32 }),
  min_subtotal: Type.Optional(Amount),
  item_ids: Type.Optional(Type.Array(Type.String(), { maxItems: 1_000 })),
})

/** A discount code (case-insensitive): `percentage` (value 1–100) or `fixed_amount` (minor units) off the items. */
const DiscountCode = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 64 }),
  kind: Type.Union([Type.Literal('percentage'), Type.Literal('fixed_amount')]),
  value: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
  title: Type.String({ minLength: 1, maxLength: 128 }),
})

/** A known buyer (by email): their stored addresses are offered as destinations. */
const Customer = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 256 }),
  addresses: Type.Array(Type.Intersect([UcpPostalAddress, Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) })]), { maxItems: 16 }),
})

export const ShopRulesSchema = Type.Object({
  currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  shipping_rates: Type.Array(ShippingRate, { minItems: 1, maxItems: 64 }),
  free_shipping: Type.Array(FreeShipping, { maxItems: 64 }),
  discount_codes: Type.Array(DiscountCode, { maxItems: 10_000 }),
  /** Tax on items and shipping by destination country, in basis points (825 = 8.25 %). A country not listed pays none. */
  tax_rates_bps: Type.Record(Type.String(), Type.Integer({ minimum: 0, maximum: 10_000 })),
  /** Units in stock by item id; an item not listed is not counted (LINE_QUANTITY_MAX bounds a line). */
  stock: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
  customers: Type.Array(Customer, { maxItems: 10_000 }),
  /** Links every checkout shows (terms of service, privacy policy); a `url` starting with `/` is under the store's base URL. */
  links: Type.Array(UcpLink, { maxItems: 16 }),
  /** Plain-text pages the store serves at `GET /policies/<name>` (what relative links point to). */
  policies: Type.Optional(Type.Record(Type.String({ pattern: '^[a-z0-9-]{1,32}$' }), Type.String({ maxLength: 16_384 }))),
})

export type ShopRules = Static<typeof ShopRulesSchema>

/** The demo store's rules, shipped with the package. */
export const DEMO_SHOP_RULES_PATH = fileURLToPath(new URL('../../../catalog/shop.json', import.meta.url))
/** The conformance suite's flower shop (conformance/README.md). */
export const CONFORMANCE_CATALOG_PATH = fileURLToPath(new URL('../../../conformance/flower-shop-catalog.json', import.meta.url))
export const CONFORMANCE_SHOP_RULES_PATH = fileURLToPath(new URL('../../../conformance/flower-shop-rules.json', import.meta.url))

/** Reads and checks a shop rules file. Throws CheckoutStateError naming the field. */
export function loadShopRules(path: string): ShopRules {
  let value: unknown
  try {
    value = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new CheckoutStateError({ path, reason: `cannot read the shop rules (${(error as Error).message})` })
  }
  const checked = validateUcp(ShopRulesSchema, value)
  if (!checked.ok) throw new CheckoutStateError({ path, reason: `not valid shop rules: ${describeUcpViolations(checked.violations)}` })
  return checked.value
}
