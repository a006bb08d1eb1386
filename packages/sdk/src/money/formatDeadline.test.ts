import assert from 'node:assert/strict'
import { test } from 'node:test'
import { formatDeadline } from './formatDeadline.ts'

test('deadlines read as dates with how far away they are', () => {
  const now = Date.UTC(2026, 11, 2, 2, 9, 0)
  assert.equal(formatDeadline(now + 59 * 60_000, now), '2026-12-02 03:08 UTC (in 59 min)')
  assert.equal(formatDeadline(now - 3 * 60_000, now), '2026-12-02 02:06 UTC (3 min ago)')
  assert.equal(formatDeadline(now + 20_000, now), '2026-12-02 02:09 UTC (in under a minute)')
  assert.equal(formatDeadline(now + 5 * 3_600_000, now), '2026-12-02 07:09 UTC (in 5 h)')
  assert.equal(formatDeadline(now + 10 * 86_400_000, now), '2026-12-12 02:09 UTC (in 10 days)')
})
