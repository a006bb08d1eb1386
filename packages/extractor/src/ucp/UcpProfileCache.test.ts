import assert from 'node:assert/strict'
import { test } from 'node:test'
import { UCP_PROFILE_TTL_MS_MAX, UCP_PROFILE_TTL_MS_MIN } from '../limits.ts'
import { profileLifetimeMs } from './profileLifetimeMs.ts'
import { UcpProfileCache } from './UcpProfileCache.ts'

test('profile lifetime: max-age less Age, s-maxage first, held between the floor and the ceiling', () => {
  assert.equal(profileLifetimeMs('public, max-age=300', undefined), 300_000)
  assert.equal(profileLifetimeMs('public, max-age=300', 100), 200_000)
  assert.equal(profileLifetimeMs('public, max-age=300, s-maxage=600', undefined), 600_000)
  assert.equal(profileLifetimeMs('public, max-age=5', undefined), UCP_PROFILE_TTL_MS_MIN, 'UCP: at least 60 s whatever the header says')
  assert.equal(profileLifetimeMs('no-store', undefined), UCP_PROFILE_TTL_MS_MIN)
  assert.equal(profileLifetimeMs(undefined, undefined), UCP_PROFILE_TTL_MS_MIN)
  assert.equal(profileLifetimeMs('max-age=99999999', undefined), UCP_PROFILE_TTL_MS_MAX)
  assert.equal(profileLifetimeMs('max-age=abc', undefined), UCP_PROFILE_TTL_MS_MIN)
})

test('the cache holds at most entriesMax businesses, evicting the least recently used', async () => {
  const cache = new UcpProfileCache<string>({ entriesMax: 2 })
  let discoveries = 0
  const get = (key: string) => cache.get(key, async () => `${key}#${++discoveries}`, () => 60_000)
  await get('a')
  await get('b')
  await get('a') // a is now the most recently used
  await get('c') // evicts b
  assert.equal(cache.size, 2)
  assert.equal(await get('a'), 'a#1')
  assert.equal(await get('b'), 'b#4', 'b was evicted and discovered again')
})

test('a failed discovery is not kept: the next request discovers again', async () => {
  const cache = new UcpProfileCache<string>()
  await assert.rejects(cache.get('a', async () => Promise.reject(new Error('down')), () => 60_000), /down/)
  assert.equal(cache.size, 0)
  assert.equal(await cache.get('a', async () => 'up', () => 60_000), 'up')
})
