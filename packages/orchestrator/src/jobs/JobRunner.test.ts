import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { ClaimedJob, OrchestratorStore, StoredEvent } from '../store/OrchestratorStore.ts'
import { JobRunner, type JobRunnerOptions } from './JobRunner.ts'

/** A queue of one claimable job: only what the runner asks of its store (the store itself is tested in OrchestratorStore.test.ts). */
function oneJobStore(intentId: string): OrchestratorStore {
  let claimed = false
  return {
    async claimJobs() {
      if (claimed) return []
      claimed = true
      return [{ intentId, attempt: 1 }]
    },
    async renewJobLeases() {},
  } as unknown as OrchestratorStore
}

function runnerOptions(overrides: Partial<JobRunnerOptions>): JobRunnerOptions {
  return {
    store: oneJobStore('intent-1'),
    owner: 'test',
    runJob: async () => undefined,
    runRetry: { attemptsMax: 3, delayMsMin: 1, delayMsMax: 2 },
    failJob: async () => undefined,
    onEvent: () => undefined,
    onError: () => undefined,
    concurrency: 1,
    pollIntervalMs: 10_000,
    leaseMs: 30_000,
    nowMs: Date.now,
    ...overrides,
  }
}

const successEvent = { seq: 1, type: 'success', intentId: 'intent-1' } as unknown as StoredEvent

test('a run that throws (the store was away for a moment) is run again; the job then succeeds, not fails', async () => {
  const runs: ClaimedJob[] = []
  const failed: string[] = []
  const published = new Promise<StoredEvent>((resolve) => {
    const runner = new JobRunner(
      runnerOptions({
        runJob: async (job) => {
          runs.push(job)
          if (runs.length < 3) throw new Error('connection terminated unexpectedly')
          return successEvent
        },
        failJob: async (intentId) => {
          failed.push(intentId)
          return undefined
        },
        onEvent: (event) => {
          resolve(event)
          void runner.stop()
        },
      }),
    )
    runner.start()
  })
  assert.equal(await published, successEvent)
  assert.equal(runs.length, 3)
  assert.deepEqual(failed, [])
})

test('a run that keeps throwing is failed once its tries are used up', async () => {
  let runs = 0
  const failedWith = await new Promise<string>((resolve) => {
    const runner = new JobRunner(
      runnerOptions({
        runJob: async () => {
          runs++
          throw new Error('a bug')
        },
        failJob: async (_intentId, reason) => {
          resolve(reason)
          void runner.stop()
          return undefined
        },
      }),
    )
    runner.start()
  })
  assert.equal(runs, 3)
  assert.match(failedWith, /internal error/)
})

test('stop() ends a wait between retries without failing the job (it resumes on the next start)', async () => {
  let failed = 0
  let runs = 0
  let markFirstRun = () => {}
  const firstRun = new Promise<void>((resolve) => (markFirstRun = resolve))
  const runner = new JobRunner(
    runnerOptions({
      runRetry: { attemptsMax: 5, delayMsMin: 60_000, delayMsMax: 60_000 },
      runJob: async () => {
        runs++
        markFirstRun()
        throw new Error('store unreachable')
      },
      failJob: async () => {
        failed++
        return undefined
      },
    }),
  )
  runner.start()
  await firstRun
  await runner.stop()
  assert.equal(runs, 1)
  assert.equal(failed, 0)
  assert.equal(runner.activeCount, 0)
})
