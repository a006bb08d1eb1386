// The warm-up at start loads every policy tier (a payment may carry a proof of any of them), and a
// failed warm-up does not stop the domain: it is logged, and the first payment loads the prover.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { POLICY_CIRCUITS } from '@verity/prover'
import { warmUpMandateVerification } from './warmUpMandateVerification.ts'

function recordingLog() {
  const lines: Array<{ level: 'info' | 'warn'; message: string }> = []
  return {
    lines,
    info: (_fields: Record<string, unknown>, message: string) => void lines.push({ level: 'info', message }),
    warn: (_fields: Record<string, unknown>, message: string) => void lines.push({ level: 'warn', message }),
  }
}

test('every policy tier is warmed, in one call', async () => {
  const calls: Array<readonly string[]> = []
  const log = recordingLog()
  await warmUpMandateVerification({ warmUp: async (names) => void calls.push(names) }, log)
  assert.deepEqual(calls, [POLICY_CIRCUITS])
  assert.deepEqual(log.lines.map((line) => line.level), ['info'])
})

test('a failed warm-up is logged, not thrown', async () => {
  const log = recordingLog()
  await warmUpMandateVerification({ warmUp: async () => Promise.reject(new Error('bb did not start')) }, log)
  assert.deepEqual(log.lines.map((line) => line.level), ['warn'])
  assert.match(log.lines[0]!.message, /first payment will load the prover/)
})

test('a warm-up that does not end is waited for at most waitMsMax', async () => {
  const log = recordingLog()
  const startedMs = Date.now()
  await warmUpMandateVerification({ warmUp: () => new Promise(() => {}) }, log, 50)
  assert.ok(Date.now() - startedMs < 5_000)
  assert.deepEqual(log.lines.map((line) => line.level), ['warn'])
  assert.match(log.lines[0]!.message, /listening anyway/)
})
