import type { ChaosContext } from './lib/ChaosContext.ts'
import type { ChaosSettings } from './lib/chaosSettings.ts'

/** One scenario of the chaos suite: it throws (an assertion or a typed error) when a promise is broken. */
export type ChaosScenario = {
  name: string
  /** The promise it checks, one line (printed by the runner, listed in docs/reliability.md). */
  promise: string
  /** Time budget in this run's settings, in milliseconds; 0 = not run in this form. */
  budgetMs(settings: ChaosSettings): number
  run(context: ChaosContext): Promise<void>
}
