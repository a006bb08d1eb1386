// The checkout figures (issue 36): proposal → paid order at the demo store beside proposal →
// success of the same proposals, and orders per second at concurrency 8 beside proofs per second.
import type { BenchResults } from './lib/BenchResults.ts'
import { figure, missingFigure, type Figure } from './lib/Figure.ts'

export function checkoutFigures(results: BenchResults): Figure[] {
  const section = 'Checkout (demo store, AP2 + mandate payment)'
  const p50Base = { section, id: 'checkout.order.p50', name: 'proposal → paid order, concurrency 1, p50', unit: 'ms' }
  const checkout = results.checkout
  if (!checkout) return results.errors.checkout === undefined ? [] : [missingFigure(p50Base, results.errors.checkout)]
  const failed = checkout.failures.length > 0 ? `; ${checkout.failures.length} failed: ${[...new Set(checkout.failures)].join(' | ').slice(0, 300)}` : ''
  return [
    figure({
      ...p50Base,
      value: checkout.orderP50Ms,
      limit: { name: 'proposal → success of the same proposals, p50', value: checkout.successP50Ms, unit: 'ms' },
      note: `${checkout.serial} purchases one at a time (checkoutWithIntent: propose the session, proof, AP2 mandates, the store's Verity check and the domain's payment, the order)${failed}`,
    }),
    figure({
      section,
      id: 'checkout.orders.rate',
      name: 'paid orders per second, concurrency 8',
      value: checkout.ordersPerSecond,
      unit: '/s',
      limit: { name: 'proofs (successes) per second, same run', value: checkout.successesPerSecond, unit: '/s' },
      note: `${checkout.concurrent} purchases, 8 agents at once, real proofs and payments`,
    }),
  ]
}
