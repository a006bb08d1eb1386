// How much each scenario does in the quick form (inside `npm test`, ≤ ~3 min on 2 cores) and the
// long form (`npm run chaos`, ≤ 15 min). Every count and time budget of the suite is here.
export type ChaosMode = 'quick' | 'long'

export type ChaosSettings = {
  mode: ChaosMode
  /** Budget of the whole run, in milliseconds; the runner stops everything when it is used up. */
  runBudgetMs: number
  orchestratorKill: { cycles: number; intentsPerCycle: number; killAfterMsMax: number; budgetMs: number }
  domainKill: { cycles: number; writers: number; loadMsBeforeKillMax: number; budgetMs: number }
  settlementKill: { cycles: number; budgetMs: number }
  postgresRestart: { cycles: number; writers: number; budgetMs: number }
  httpFuzz: { runsPerOperation: number; hostileRunsPerOperation: number; requestTimeoutMs: number; budgetMs: number }
  proposalRace: { intents: number; proposalsPerIntent: number; budgetMs: number }
  sdlSubmitRace: { rounds: number; submitsPerRound: number; budgetMs: number }
  fullDisk: { filesystemBytes: number; budgetMs: number }
  /** Mandate payments: intents paid (one proof each), submissions of each bundle at once, the latest kill after the first send. */
  mandateDoublePay: { intents: number; submissionsPerIntent: number; killAfterMsMax: number; budgetMs: number }
}

/** Proofs cost ~2 s of CPU each here, SDL proofs 10–15 s: the quick form keeps them few. */
export const QUICK_SETTINGS: ChaosSettings = {
  mode: 'quick',
  runBudgetMs: 300_000,
  orchestratorKill: { cycles: 2, intentsPerCycle: 1, killAfterMsMax: 1_000, budgetMs: 120_000 },
  domainKill: { cycles: 2, writers: 4, loadMsBeforeKillMax: 1_500, budgetMs: 60_000 },
  settlementKill: { cycles: 0, budgetMs: 0 },
  // Long form only: a throwaway cluster's initdb and crashes cost a minute or more of a loaded CI
  // machine, and the domain's own postgresRestart.test.ts covers a restart inside npm test.
  postgresRestart: { cycles: 0, writers: 3, budgetMs: 0 },
  httpFuzz: { runsPerOperation: 10, hostileRunsPerOperation: 10, requestTimeoutMs: 10_000, budgetMs: 90_000 },
  proposalRace: { intents: 3, proposalsPerIntent: 12, budgetMs: 90_000 },
  sdlSubmitRace: { rounds: 3, submitsPerRound: 8, budgetMs: 45_000 },
  // Long form only: it mounts a filesystem, an operation of the machine whose behaviour depends on
  // the sandbox (CI's run of 2026-11-27 stopped there for over an hour); the SQLite store's own
  // test covers STORAGE_FULL inside npm test.
  fullDisk: { filesystemBytes: 8 * 1_048_576, budgetMs: 0 },
  mandateDoublePay: { intents: 2, submissionsPerIntent: 20, killAfterMsMax: 1_500, budgetMs: 90_000 },
}

export const LONG_SETTINGS: ChaosSettings = {
  mode: 'long',
  runBudgetMs: 900_000,
  orchestratorKill: { cycles: 6, intentsPerCycle: 4, killAfterMsMax: 1_000, budgetMs: 300_000 },
  domainKill: { cycles: 10, writers: 8, loadMsBeforeKillMax: 3_000, budgetMs: 300_000 },
  settlementKill: { cycles: 2, budgetMs: 180_000 },
  postgresRestart: { cycles: 4, writers: 6, budgetMs: 240_000 },
  httpFuzz: { runsPerOperation: 120, hostileRunsPerOperation: 120, requestTimeoutMs: 10_000, budgetMs: 240_000 },
  proposalRace: { intents: 10, proposalsPerIntent: 30, budgetMs: 120_000 },
  sdlSubmitRace: { rounds: 12, submitsPerRound: 16, budgetMs: 90_000 },
  fullDisk: { filesystemBytes: 8 * 1_048_576, budgetMs: 90_000 },
  mandateDoublePay: { intents: 6, submissionsPerIntent: 20, killAfterMsMax: 2_500, budgetMs: 240_000 },
}

export function settingsFor(mode: ChaosMode): ChaosSettings {
  return mode === 'quick' ? QUICK_SETTINGS : LONG_SETTINGS
}
