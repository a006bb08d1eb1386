import { figure, missingFigure, type Figure } from './lib/Figure.ts'
import type { BenchResults } from './lib/BenchResults.ts'
import { median } from './lib/stats.ts'

/** Sealed ÷ open, proof time and circuit size (issue 35). */
export const SEALED_OVER_OPEN_MAX = 1.3

/** A sealed intent's proof time and circuit size, each beside the open intent's of the same template in the same run. */
export function sealedFigures(results: BenchResults): Figure[] {
  const section = 'Sealed intents (clothing template, 1 prover worker)'
  const figures: Figure[] = []
  const goal = (value: number | null) => ({ goal: { text: `≤ ${SEALED_OVER_OPEN_MAX}× open`, pass: value === null ? null : value <= SEALED_OVER_OPEN_MAX } })
  for (const circuit of ['policy_small', 'policy'] as const) {
    const result = results.sealed?.[circuit]
    if (result === undefined && results.errors.sealed === undefined) continue
    if (result === undefined || 'error' in result) {
      figures.push(missingFigure({ id: `sealed.${circuit}.prove`, section, name: `${circuit}: sealed proof time`, unit: 'ms', ...goal(null) }, result?.error ?? results.errors.sealed ?? 'not run'))
      continue
    }
    const openMs = median(result.open.proveMs)
    const sealedMs = median(result.sealed.proveMs)
    const proofs = `p50 of ${result.sealed.proveMs.length} each, interleaved`
    figures.push(figure({ id: `sealed.${circuit}.prove`, section, name: `${circuit}: sealed proof time`, value: sealedMs, unit: 'ms', limit: { name: 'open intent, same template and run', value: openMs, unit: 'ms' }, ...goal(sealedMs / openMs), note: `${proofs}; verify sealed ${Math.round(median(result.sealed.verifyMs))} ms, open ${Math.round(median(result.open.verifyMs))} ms` }))
    figures.push(figure({ id: `sealed.${circuit}.gates`, section, name: `${circuit}: circuit size, sealed`, value: result.gates, unit: 'gates', limit: { name: 'open intent (the same circuit, attrs salt 0)', value: result.gates, unit: 'gates' }, ...goal(1) }))
  }
  const seal = results.sealed?.policy_small
  if (seal !== undefined && !('error' in seal))
    figures.push(figure({ id: 'sealed.commitments', section, name: "user's side: the commitments of every tier (sealIntent's hashing)", value: median(seal.sealMs), unit: 'ms', note: 'Poseidon2 in bb.js, once per tier that holds the template' }))
  return figures
}
