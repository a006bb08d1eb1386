import { setTimeout as sleep } from 'node:timers/promises'

/** Polls `check` every `intervalMs` until it returns a value other than undefined (tests only; bounded by `attemptsMax`). */
export async function waitFor<T>(check: () => Promise<T | undefined>, what: string, { intervalMs = 100, attemptsMax = 1_200 } = {}): Promise<T> {
  for (let attempt = 0; attempt < attemptsMax; attempt++) {
    const value = await check()
    if (value !== undefined) return value
    await sleep(intervalMs)
  }
  throw new Error(`gave up waiting for ${what}`)
}
