// The mandate payment figures (issue 30): payments applied per second, each one a proof bundle the
// domain verifies, beside plain signed transfers (batches of 1) on the same domain in the same run.
import type { BenchResults } from './lib/BenchResults.ts'
import { figure, missingFigure, type Figure } from './lib/Figure.ts'

export function mandateFigures(results: BenchResults): Figure[] {
  const section = 'Mandate payments'
  const base = { section, id: 'domain.mandates.rate', name: 'mandate payments applied (one proof verification each)', unit: '/s' }
  const mandates = results.mandates
  if (!mandates) return results.errors.mandates === undefined ? [] : [missingFigure(base, results.errors.mandates)]
  return [
    figure({
      ...base,
      value: mandates.paymentsPerSecond,
      limit: { name: 'plain transfers (batches of 1), same domain, same run', value: mandates.transfersPerSecond, unit: '/s' },
      note: `${mandates.payments} payments (real bundles), 4 at a time, request p50 ${mandates.paymentP50Ms.toFixed(0)} ms, p99 ${mandates.paymentP99Ms.toFixed(0)} ms; ${mandates.transfers} transfers`,
    }),
  ]
}
