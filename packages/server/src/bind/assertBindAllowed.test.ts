import assert from 'node:assert/strict'
import { test } from 'node:test'
import { UnsafeBindError } from '../errors/configErrors.ts'
import { assertBindAllowed } from './assertBindAllowed.ts'
import { isLoopbackHost } from './isLoopbackHost.ts'

test('loopback listen addresses are told apart from every other one (checked as text, nothing is bound)', () => {
  for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])
    assert.equal(isLoopbackHost(host), true, host)
  for (const host of ['0.0.0.0', '::', '[::]', '10.0.0.5', '192.168.1.2', '::ffff:10.0.0.1', 'example.com', 'localhost.example.com', '128.0.0.1', ''])
    assert.equal(isLoopbackHost(host), false, host)
})

test('a non-loopback bind without tokens is refused with the fix named; with a token, or on loopback, it is allowed', () => {
  assert.throws(
    () => assertBindAllowed({ service: 'domain', host: '0.0.0.0', tokenCount: 0 }),
    (error: unknown) => error instanceof UnsafeBindError && error.code === 'UNSAFE_BIND' && /--tokens-file FILE, or VERITY_ADMIN_TOKEN/.test(error.message) && /127\.0\.0\.1/.test(error.message),
  )
  assert.doesNotThrow(() => assertBindAllowed({ service: 'domain', host: '0.0.0.0', tokenCount: 1 }))
  assert.doesNotThrow(() => assertBindAllowed({ service: 'domain', host: '127.0.0.1', tokenCount: 0 }))
})
