// The chaos suite's short form, run by `npm test`: every scenario with the quick settings (real
// processes, real storage, loopback only; ≤ ~3 min on 2 cores). The long form is `npm run chaos`.
// The seed is printed (VERITY_CHAOS_SEED replays it); a failure names the scenario and the replay.
import { test } from 'node:test'
import { QUICK_SETTINGS } from './lib/chaosSettings.ts'
import { runScenario } from './runScenario.ts'
import { CHAOS_SCENARIOS } from './scenarios.ts'

const seed = process.env.VERITY_CHAOS_SEED === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.VERITY_CHAOS_SEED)
/** VERITY_CHAOS_ONLY=name[,name] runs only those scenarios (to replay one). */
const only = process.env.VERITY_CHAOS_ONLY?.split(',')

for (const scenario of CHAOS_SCENARIOS) {
  const budgetMs = scenario.budgetMs(QUICK_SETTINGS)
  const skip = only !== undefined && !only.includes(scenario.name) ? 'not in VERITY_CHAOS_ONLY' : budgetMs === 0 ? 'long form only (npm run chaos)' : false
  test(`chaos (quick): ${scenario.name} — ${scenario.promise}`, { skip }, async (t) => {
    const result = await runScenario(scenario, QUICK_SETTINGS, seed, (line) => t.diagnostic(line))
    t.diagnostic(`seed ${seed}`)
    for (const line of result.figures) t.diagnostic(line)
    if (result.skipped !== undefined) t.skip(result.skipped)
    if (result.error !== undefined) {
      result.error.message += `\nreplay: VERITY_CHAOS_SEED=${seed} VERITY_CHAOS_ONLY=${scenario.name} node scripts/test.mjs scripts/chaos/chaos.test.ts`
      throw result.error
    }
  })
}
