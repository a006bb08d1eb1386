// The UCP figures (issue 28): proposals per second through UCP against the demo store beside
// proposals through `catalog:` in the same run, and the extractor's time per UCP extraction.
import type { BenchResults } from './lib/BenchResults.ts'
import { figure, missingFigure, type Figure } from './lib/Figure.ts'

/** Proposals per second through UCP, as a share of those through `catalog:` in the same run (issue 28). */
export const UCP_PROPOSALS_SHARE_MIN = 0.9

export function ucpFigures(results: BenchResults): Figure[] {
  const section = 'UCP (demo store)'
  const goalText = `≥ ${UCP_PROPOSALS_SHARE_MIN * 100}% of catalog:`
  const rateBase = { section, id: 'ucp.proposals.rate', name: 'proposals through UCP (REST, demo store)', unit: '/s' }
  const ucp = results.ucp
  if (!ucp) return results.errors.ucp === undefined ? [] : [missingFigure({ ...rateBase, goal: { text: goalText, pass: null } }, results.errors.ucp)]
  const failed = ucp.failures.length > 0 ? `; ${ucp.failures.length} did not succeed: ${[...new Set(ucp.failures)].join(' | ').slice(0, 300)}` : ''
  const stage = (ms: number | undefined) => (ms === undefined ? '' : `, extract stage ${ms.toFixed(1)} ms`)
  const note = `${ucp.rounds} rounds per path (alternating) of ${ucp.perRound} proposals at once, real proofs; ucp ${ucp.ucp.proposals} in ${(ucp.ucp.wallMs / 1_000).toFixed(1)} s${stage(ucp.ucp.extractStageMs)}, catalog ${ucp.catalog.proposals} in ${(ucp.catalog.wallMs / 1_000).toFixed(1)} s${stage(ucp.catalog.extractStageMs)}${failed}`
  return [
    figure({
      ...rateBase,
      value: ucp.ucp.proposalsPerSecond,
      limit: { name: 'proposals through catalog:, same run', value: ucp.catalog.proposalsPerSecond, unit: '/s' },
      goal: { text: goalText, pass: ucp.ucp.proposalsPerSecond >= UCP_PROPOSALS_SHARE_MIN * ucp.catalog.proposalsPerSecond },
      note,
    }),
    figure({
      section,
      id: 'ucp.extraction.p50',
      name: 'one UCP extraction (get_product at the demo store, attested), p50',
      value: ucp.ucp.extractionP50Ms,
      unit: 'ms',
      limit: { name: 'one catalog: extraction p50', value: ucp.catalog.extractionP50Ms, unit: 'ms' },
      note: `POST /extractor/extract one at a time, ${ucp.ucp.extractions} each; UCP p95 ${ucp.ucp.extractionP95Ms.toFixed(2)} ms, catalog p95 ${ucp.catalog.extractionP95Ms.toFixed(2)} ms; the profile is cached (one discovery per profile lifetime)`,
    }),
  ]
}
