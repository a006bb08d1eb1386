import assert from 'node:assert/strict'
import { test } from 'node:test'
import { InvalidOptionError } from '@verity/core'
import { acceptedOrchestratorOrigins, publicOriginsOf } from './orchestratorOrigins.ts'

test('without --public-urls: the loopback names on the port the request came in on, or the host itself', () => {
  assert.deepEqual(acceptedOrchestratorOrigins([], '127.0.0.1', 8080), ['http://127.0.0.1:8080', 'http://localhost:8080', 'http://[::1]:8080'])
  assert.deepEqual(acceptedOrchestratorOrigins([], '0.0.0.0', 8080), ['http://127.0.0.1:8080', 'http://localhost:8080', 'http://[::1]:8080'])
  assert.deepEqual(acceptedOrchestratorOrigins([], '10.1.2.3', 9000), ['http://10.1.2.3:9000'])
  assert.deepEqual(acceptedOrchestratorOrigins([], 'fd00::7', 9000), ['http://[fd00::7]:9000'])
  assert.deepEqual(acceptedOrchestratorOrigins([], '127.0.0.1', undefined), [])
})

test('--public-urls: exactly their origins, whatever the port; a URL that is not http(s) stops the start', () => {
  const origins = publicOriginsOf(['https://Orchestrator.Example/api/', 'http://lb.internal:8443'])
  assert.deepEqual(origins, ['https://orchestrator.example', 'http://lb.internal:8443'])
  assert.deepEqual(acceptedOrchestratorOrigins(origins, '127.0.0.1', 8080), origins)
  assert.throws(() => publicOriginsOf(['ftp://x']), InvalidOptionError)
  assert.throws(() => publicOriginsOf(['not a url']), /public-urls/)
})
