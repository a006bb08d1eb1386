import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parseUcpAgent } from './parseUcpAgent.ts'
import { isLoopbackHost, platformUrlRefusal } from './platformEgress.ts'

test('the store reaches loopback over http(s), a listed host over https only, nothing else', () => {
  const egress = { hostsAllowed: ['Agent.Example'] }
  for (const url of ['http://localhost:8285/p.json', 'http://127.0.0.1/p', 'http://127.9.9.9:1/p', 'http://[::1]:80/p', 'https://agent.example/p', 'http://api.localhost/p']) {
    assert.equal(platformUrlRefusal(new URL(url), egress), undefined, url)
  }
  const refused: [string, RegExp][] = [
    ['http://agent.example/p', /must be reached over https/],
    ['https://other.example/p', /neither loopback nor one of the platform hosts/],
    ['http://10.0.0.1/p', /neither loopback/],
    ['http://[::ffff:127.0.0.1]/p', /neither loopback/],
    ['http://0.0.0.0/p', /neither loopback/],
    ['ftp://localhost/p', /is not http\(s\)/],
    ['http://user:pw@localhost/p', /credentials/],
  ]
  for (const [url, reason] of refused) assert.match(platformUrlRefusal(new URL(url), egress) ?? '', reason, url)
  assert.equal(isLoopbackHost('LOCALHOST'), true)
  assert.equal(isLoopbackHost('localhost.example'), false)
})

test('UCP-Agent: the profile and its version parameter; conformance mode keeps going without a usable profile', () => {
  assert.deepEqual(parseUcpAgent({ header: 'profile="http://127.0.0.1/p"; version="2026-04-08"' }, false), { profile: 'http://127.0.0.1/p', version: '2026-04-08' })
  assert.deepEqual(parseUcpAgent({ fromMeta: 'http://127.0.0.1/p' }, false), { profile: 'http://127.0.0.1/p', version: undefined })
  assert.throws(() => parseUcpAgent({ header: 'profile="..."' }, false), { code: 'INVALID_PROFILE_URL' })
  assert.deepEqual(parseUcpAgent({ header: 'profile="..."; version="2099-01-01"' }, true), { profile: undefined, version: '2099-01-01' })
  assert.throws(() => parseUcpAgent({ header: undefined }, true), { code: 'INVALID_PROFILE_URL' }, 'a missing header is refused even so')
})
