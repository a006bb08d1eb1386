// Runs one scenario with its own context and deadline; whatever happens, kills every process it
// started and removes its temp dirs. Returns what happened, with the figures it measured.
import type { ChaosScenario } from './ChaosScenario.ts'
import { createChaosContext } from './lib/ChaosContext.ts'
import type { ChaosSettings } from './lib/chaosSettings.ts'
import { DeadlineExceededError } from './lib/Deadline.ts'
import { ScenarioSkippedError } from './ScenarioSkippedError.ts'

/** Time past a scenario's budget before the runner abandons it, in milliseconds (its own checks should fire first). */
const SCENARIO_GRACE_MS = 30_000

export type ScenarioResult = { name: string; ok: boolean; error?: Error; skipped?: string; durationMs: number; figures: string[] }

export async function runScenario(scenario: ChaosScenario, settings: ChaosSettings, seed: number, log: (line: string) => void): Promise<ScenarioResult> {
  const budgetMs = scenario.budgetMs(settings)
  const context = createChaosContext({ name: scenario.name, settings, budgetMs, seed, log })
  const startedAtMs = Date.now()
  let timer: NodeJS.Timeout | undefined
  const abandoned = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceededError(`${scenario.name} (abandoned)`, budgetMs + SCENARIO_GRACE_MS)), budgetMs + SCENARIO_GRACE_MS)
  })
  let error: Error | undefined
  let skipped: string | undefined
  try {
    await Promise.race([scenario.run(context), abandoned])
  } catch (caught) {
    if (caught instanceof ScenarioSkippedError) skipped = caught.reason
    else error = caught instanceof Error ? caught : new Error(String(caught))
    const exits = context.unexpectedExits()
    if (error !== undefined && exits.length > 0) error.message += `\n${exits.join('\n')}`
  } finally {
    clearTimeout(timer)
    await context.cleanup()
  }
  const durationMs = Date.now() - startedAtMs
  context.figures.set('duration (s)', Math.round(durationMs / 100) / 10)
  return { name: scenario.name, ok: error === undefined, ...(error ? { error } : {}), ...(skipped ? { skipped } : {}), durationMs, figures: context.figures.toLines() }
}
