import { test } from 'node:test'
import assert from 'node:assert/strict'
import { retryWithBackoff } from './retryWithBackoff.ts'

class Transient extends Error {}
const policy = { attemptsMax: 4, delayMsMin: 1, delayMsMax: 4, isRetryable: (error: unknown) => error instanceof Transient }

test('retries transient failures with doubling delays, capped, until the operation succeeds', async () => {
  const delays: number[] = []
  const result = await retryWithBackoff(
    async (attempt) => {
      if (attempt < 4) throw new Transient(`try ${attempt}`)
      return attempt
    },
    { ...policy, onRetry: ({ delayMs }) => delays.push(delayMs) },
  )
  assert.equal(result, 4)
  assert.deepEqual(delays, [1, 2, 4])
})

test('gives up after attemptsMax tries with the last error', async () => {
  let tries = 0
  await assert.rejects(
    retryWithBackoff(async () => {
      tries++
      throw new Transient(`try ${tries}`)
    }, policy),
    /try 4/,
  )
  assert.equal(tries, 4)
})

test('a failure that is not retryable is thrown at once', async () => {
  let tries = 0
  await assert.rejects(
    retryWithBackoff(async () => {
      tries++
      throw new Error('about the input')
    }, policy),
    /about the input/,
  )
  assert.equal(tries, 1)
})

test('aborting the signal ends the wait with its reason', async () => {
  const controller = new AbortController()
  const pending = retryWithBackoff(
    async () => {
      throw new Transient('down')
    },
    { ...policy, delayMsMin: 60_000, delayMsMax: 60_000, signal: controller.signal },
  )
  controller.abort(new Error('stopping'))
  await assert.rejects(pending, /stopping/)
})

test('a policy without a try or with inverted delays is refused', async () => {
  await assert.rejects(retryWithBackoff(async () => 1, { ...policy, attemptsMax: 0 }), RangeError)
  await assert.rejects(retryWithBackoff(async () => 1, { ...policy, delayMsMin: 5, delayMsMax: 1 }), RangeError)
})
