import assert from 'node:assert/strict'
import { test } from 'node:test'
import { PlatformProfileInvalidError } from '../errors/storeErrors.ts'
import { readPlatformProfile } from './readPlatformProfile.ts'

test('the profile member of an RFC 8941 UCP-Agent dictionary, among other members and parameters', () => {
  assert.equal(readPlatformProfile({ header: 'profile="https://agent.example/.well-known/ucp"' }), 'https://agent.example/.well-known/ucp')
  assert.equal(readPlatformProfile({ header: 'v=1, profile="https://a.example/p?x=1,2";sig=?1, other' }), 'https://a.example/p?x=1,2')
  assert.equal(readPlatformProfile({ fromMeta: 'http://127.0.0.1:8080/extractor/ucp/platform' }), 'http://127.0.0.1:8080/extractor/ucp/platform')
})

test('a missing, unquoted, malformed, relative or non-http(s) profile is refused with the reason', () => {
  const cases: Array<[Parameters<typeof readPlatformProfile>[0], RegExp]> = [
    [{ header: undefined }, /no UCP-Agent header/],
    [{ header: 'version="2026-04-08"' }, /names no platform profile/],
    [{ header: 'profile=https://a.example' }, /must be a quoted string/],
    [{ header: 'profile="https://a.example" junk junk' }, /not an RFC 8941 dictionary/],
    [{ header: `profile="https://a.example/${'x'.repeat(3_000)}"` }, /longer than 2048 characters/],
    [{ fromMeta: '/relative' }, /is not an absolute URL/],
    [{ fromMeta: 'javascript:alert(1)' }, /must be an http\(s\) URL, got javascript:/],
    [{ fromMeta: 42 }, /names no platform profile/],
  ]
  for (const [source, reason] of cases) {
    assert.throws(() => readPlatformProfile(source), (error: unknown) => error instanceof PlatformProfileInvalidError && reason.test(error.message), JSON.stringify(source).slice(0, 80))
  }
})
