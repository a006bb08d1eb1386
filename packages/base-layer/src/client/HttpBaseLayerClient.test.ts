import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import { BaseLayerUnavailableError } from '../errors/clientErrors.ts'
import { HttpBaseLayerClient } from './HttpBaseLayerClient.ts'

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as { port: number }
  return `http://127.0.0.1:${address.port}`
}

async function unavailable(promise: Promise<unknown>): Promise<BaseLayerUnavailableError> {
  const error = await promise.then(
    () => assert.fail('expected a rejection'),
    (error: unknown) => error,
  )
  assert.ok(error instanceof BaseLayerUnavailableError, String(error))
  assert.equal(error.code, 'BASE_LAYER_UNAVAILABLE')
  return error
}

test('an unreachable, silent or foreign server is BASE_LAYER_UNAVAILABLE naming the cause', async () => {
  // Nothing listens on a port we just released.
  const probe = createServer()
  const closedUrl = await listen(probe)
  await new Promise((resolve) => probe.close(resolve))
  await unavailable(new HttpBaseLayerClient(closedUrl).getShard(1))

  // A server that never answers (a stand-in for a hung node, outside the project).
  const silent = createServer(() => {})
  const silentUrl = await listen(silent)
  // A server that answers something other than JSON-RPC.
  const foreign = createServer((_request, response) => response.writeHead(502, { 'content-type': 'text/html' }).end('<html>bad gateway</html>'))
  const foreignUrl = await listen(foreign)
  try {
    const timedOut = await unavailable(new HttpBaseLayerClient(silentUrl, { timeoutMs: 50 }).getShard(1))
    assert.match(timedOut.message, /no reply within 50 ms/)
    const wrong = await unavailable(new HttpBaseLayerClient(foreignUrl).getShard(1))
    assert.match(wrong.message, /HTTP 502 without a JSON-RPC body/)
  } finally {
    silent.closeAllConnections()
    await new Promise((resolve) => silent.close(resolve))
    await new Promise((resolve) => foreign.close(resolve))
  }
})
