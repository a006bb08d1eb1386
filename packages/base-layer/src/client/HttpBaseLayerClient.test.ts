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

test('a reply larger than replyBytesMax is BASE_LAYER_UNAVAILABLE, and reading stops at the limit', async () => {
  // A node that streams an endless JSON-RPC body (a stand-in for a broken or hostile node): the
  // client must give up at the limit instead of buffering, declared length or not.
  let bytesSent = 0
  const endless = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    const chunk = Buffer.alloc(16_384, 0x20)
    const pump = () => {
      while (!response.destroyed && bytesSent < 64 * 1_048_576) {
        bytesSent += chunk.byteLength
        if (!response.write(chunk)) return void response.once('drain', pump)
      }
      response.end()
    }
    pump()
  })
  const endlessUrl = await listen(endless)
  try {
    const tooLarge = await unavailable(new HttpBaseLayerClient(endlessUrl, { replyBytesMax: 65_536 }).getShard(1))
    assert.match(tooLarge.message, /the reply is larger than 65536 bytes/)
    assert.ok(bytesSent < 64 * 1_048_576, `the server sent ${bytesSent} bytes: the client kept reading`)
  } finally {
    endless.closeAllConnections()
    await new Promise((resolve) => endless.close(resolve))
  }
})
