import type { ShopRules } from '../shop/ShopRules.ts'

export type AppliedDiscount = Readonly<{ code: string; title: string; amountMinor: number }>

/**
 * Applies the codes the shop knows (case-insensitive, each once, in the order sent) to the items'
 * subtotal, one after the other: a percentage of what is left (rounded half up), a fixed amount up
 * to what is left. Unknown codes are ignored (the spec: they are not applied).
 */
export function applyDiscounts(rules: ShopRules, codes: readonly string[], subtotalMinor: number): AppliedDiscount[] {
  const applied: AppliedDiscount[] = []
  let leftMinor = subtotalMinor
  const seen = new Set<string>()
  for (const code of codes) {
    const rule = rules.discount_codes.find((entry) => entry.code.toUpperCase() === code.toUpperCase())
    if (rule === undefined || seen.has(rule.code) || leftMinor === 0) continue
    seen.add(rule.code)
    const amountMinor = rule.kind === 'percentage' ? Math.min(leftMinor, Math.round((leftMinor * rule.value) / 100)) : Math.min(leftMinor, rule.value)
    if (amountMinor === 0) continue
    leftMinor -= amountMinor
    applied.push({ code: rule.code, title: rule.title, amountMinor })
  }
  return applied
}
