// `npm run chaos` (the long form) and `node --import tsx scripts/chaos/run.ts --quick`.
// Options: --quick | --long, --only NAME[,NAME], --seed N (replay a run's timing and fuzz inputs).
// Prints each scenario's promise, outcome and figures; exits 1 when any promise was broken.
import { parseArgs } from 'node:util'
import { settingsFor } from './lib/chaosSettings.ts'
import { runScenario } from './runScenario.ts'
import { CHAOS_SCENARIOS } from './scenarios.ts'

const { values } = parseArgs({ options: { quick: { type: 'boolean' }, long: { type: 'boolean' }, only: { type: 'string' }, seed: { type: 'string' } } })
const settings = settingsFor(values.quick ? 'quick' : 'long')
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed)
if (!Number.isSafeInteger(seed)) throw new Error(`--seed must be an integer, got ${values.seed}`)
const only = values.only?.split(',')
const unknown = (only ?? []).filter((name) => !CHAOS_SCENARIOS.some((scenario) => scenario.name === name))
if (unknown.length > 0) throw new Error(`unknown scenario(s) ${unknown.join(', ')}; known: ${CHAOS_SCENARIOS.map((s) => s.name).join(', ')}`)
const selected = CHAOS_SCENARIOS.filter((scenario) => (only ? only.includes(scenario.name) : scenario.budgetMs(settings) > 0))

const log = (line: string) => process.stdout.write(`${line}\n`)
const runStartedAtMs = Date.now()
log(`chaos ${settings.mode} run, seed ${seed} (replay: node --import tsx scripts/chaos/run.ts --${settings.mode} --seed ${seed}), ${selected.length} scenario(s)`)
let failed = 0
for (const scenario of selected) {
  if (Date.now() - runStartedAtMs > settings.runBudgetMs) {
    log(`SKIP ${scenario.name}: the run's budget of ${settings.runBudgetMs} ms is used up`)
    failed += 1
    continue
  }
  log(`\n== ${scenario.name}: ${scenario.promise}`)
  const result = await runScenario(scenario, settings, seed, log)
  for (const line of result.figures) log(`   ${line}`)
  if (result.skipped !== undefined) log(`SKIP ${scenario.name}: ${result.skipped}`)
  else if (result.ok) log(`PASS ${scenario.name}`)
  else {
    failed += 1
    log(`FAIL ${scenario.name}: ${result.error!.stack ?? result.error!.message}`)
    log(`   replay: node --import tsx scripts/chaos/run.ts --${settings.mode} --only ${scenario.name} --seed ${seed}`)
  }
}
log(`\nchaos ${settings.mode} run: ${selected.length - failed} passed or skipped, ${failed} failed, ${Math.round((Date.now() - runStartedAtMs) / 1000)} s, seed ${seed}`)
process.exitCode = failed === 0 ? 0 : 1
