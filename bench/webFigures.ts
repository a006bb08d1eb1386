// The web app's figures: page loads and the in-browser verification of a proof (issue 20).
import type { BenchResults } from './lib/BenchResults.ts'
import { figure, missingFigure, type Figure } from './lib/Figure.ts'

export function webFigures(results: BenchResults): Figure[] {
  const section = 'Web app (headless Chromium)'
  const base = { section, unit: 'ms' }
  const web = results.web
  if (!web) return results.errors.web === undefined ? [] : [missingFigure({ ...base, id: 'web.wallet.load.p50', name: 'wallet page load p50' }, results.errors.web)]
  return [
    figure({ ...base, id: 'web.wallet.load.p50', name: 'wallet page load p50 (navigation → load event)', value: web.walletLoadP50Ms }),
    figure({ ...base, id: 'web.explorer.load.p50', name: 'explorer page load p50', value: web.explorerLoadP50Ms }),
    figure({ ...base, id: 'web.verify.cold', name: 'in-browser proof verification, first (loads bb.js and the keys)', value: web.verifyColdMs }),
    figure({ ...base, id: 'web.verify.warm.p50', name: 'in-browser proof verification, page reloaded, p50', value: web.verifyWarmP50Ms }),
  ]
}
