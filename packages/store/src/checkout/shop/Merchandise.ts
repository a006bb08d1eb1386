import type { StoreCatalog } from '../../catalog/StoreCatalog.ts'
import { LINE_QUANTITY_MAX } from '../../limits.ts'
import type { ShopRules } from './ShopRules.ts'

/** An item a checkout line can hold: a catalog variant, priced in the shop's currency. */
export type MerchandiseItem = Readonly<{ id: string; title: string; priceMinor: number; imageUrl: string | undefined; unitsAvailable: number }>

/**
 * The catalog's variants as checkout items. A variant marked unavailable has 0 units; one listed in
 * the rules' `stock` has that many less those taken by checkouts (`takenUnits`); any other has LINE_QUANTITY_MAX. A variant priced in another
 * currency than the shop's is not sold (undefined).
 */
export function merchandiseOf(catalog: StoreCatalog, rules: ShopRules, takenUnits: (id: string) => number = () => 0): (id: string) => MerchandiseItem | undefined {
  return (id) => {
    const entry = catalog.variantById.get(id)
    if (entry === undefined) return undefined
    const { product, variant } = entry
    if (variant.price.currency !== rules.currency) return undefined
    const stocked = Object.hasOwn(rules.stock, id) ? Math.max(0, rules.stock[id]! - takenUnits(id)) : LINE_QUANTITY_MAX
    const unitsAvailable = variant.availability?.available === false ? 0 : stocked
    const title = variant.title === product.title || variant.title === '' ? product.title : `${product.title} — ${variant.title}`
    const image = variant.media?.[0]?.url ?? product.media?.[0]?.url
    return { id, title, priceMinor: variant.price.amount, imageUrl: image, unitsAvailable }
  }
}
