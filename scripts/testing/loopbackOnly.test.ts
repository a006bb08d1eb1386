import net from 'node:net'
import { test } from 'node:test'
import assert from 'node:assert/strict'

// The guard scripts/test.mjs loads into every process: TCP to a non-loopback address is refused
// before any connection. Checked only once the guard is known to be loaded, so this test itself
// can never open a connection outside loopback.
const isGuarded = (globalThis as Record<symbol, unknown>)[Symbol.for('verity.loopbackOnly')] === true

test('the test egress guard is loaded (scripts/test.mjs NODE_OPTIONS)', () => {
  assert.equal(isGuarded, true)
})

test('an IP outside loopback, or a name resolving outside it, is refused before connecting', { skip: isGuarded ? false : 'guard not loaded' }, async () => {
  assert.throws(() => net.connect({ host: '10.0.0.1', port: 80 }), /test egress guard: 10\.0\.0\.1 is not a loopback address/)
  assert.throws(() => net.connect(80, '::ffff:10.0.0.2'), /is not a loopback address/)
  const socket = net.connect({ host: 'ten.test', port: 80, lookup: (_host, _options, callback) => callback(null, '10.0.0.5', 4) })
  const error = await new Promise<Error>((resolve) => socket.once('error', resolve))
  assert.match(error.message, /ten\.test \(10\.0\.0\.5\) is not a loopback address/)
})
