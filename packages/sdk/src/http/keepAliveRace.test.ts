import assert from 'node:assert/strict'
import { createServer, type Server, type Socket } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { after, before, describe, test } from 'node:test'
import { ServiceUnreachableError } from './ApiError.ts'
import { isTransientSocketFailure } from './isTransientSocketFailure.ts'
import { requestJson } from './requestJson.ts'

// The idle-client failure of issue 37: a client reuses a pooled keep-alive connection that the
// server closes as the request goes out (its keep-alive time-out firing, or its event loop catching
// up after a long synchronous stretch and closing what timed out meanwhile). The request crosses the
// close on the wire and Node's fetch fails with "fetch failed" (other side closed). This server, on
// loopback, makes the race certain: it answers the first request of each connection with keep-alive
// and closes the connection, unanswered, when a second request arrives on it.

type Arrival = { connection: number; method: string; path: string }

/** The pause of an idle client: the first answer's connection goes back to fetch's pool, to be reused. */
const IDLE_MS = 50

let server: Server
let baseUrl: string
const arrivals: Arrival[] = []
const sockets = new Set<Socket>()

/** Closes every connection (fetch's pool then holds none) and waits for the client to see it: each test starts alike. */
async function emptyPool(): Promise<void> {
  for (const socket of sockets) socket.destroy()
  await sleep(IDLE_MS)
  arrivals.length = 0
}

function respond(socket: Socket, status: number, body: string): void {
  socket.write(`HTTP/1.1 ${status} OK\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: keep-alive\r\nkeep-alive: timeout=60\r\n\r\n${body}`)
}

before(async () => {
  let connections = 0
  server = createServer((socket) => {
    const connection = ++connections
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    let buffered = ''
    let served = 0
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1')
      for (let end = buffered.indexOf('\r\n\r\n'); end !== -1; end = buffered.indexOf('\r\n\r\n')) {
        const head = buffered.slice(0, end)
        const bodyBytes = Number(/^content-length: *(\d+)/im.exec(head)?.[1] ?? 0)
        if (buffered.length < end + 4 + bodyBytes) return
        buffered = buffered.slice(end + 4 + bodyBytes)
        const [method = '', path = ''] = head.split(' ')
        arrivals.push({ connection, method, path })
        if (served++ === 0) respond(socket, 200, JSON.stringify({ path, connection }))
        else return void socket.destroy() // the server closes the "idle" connection: the request is lost with it
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as { port: number }
  baseUrl = `http://127.0.0.1:${address.port}`
})

after(async () => {
  for (const socket of sockets) socket.destroy()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

describe('a keep-alive connection closed by the server as a request goes out', { timeout: 30_000 }, () => {
  test('GET: sent again on a fresh connection, so the caller gets the answer, not "fetch failed"', async () => {
    await emptyPool()
    assert.equal((await requestJson<{ path: string }>(baseUrl, '/sdls/first')).path, '/sdls/first')
    await sleep(IDLE_MS)
    const second = await requestJson<{ path: string; connection: number }>(baseUrl, '/sdls/second')
    assert.equal(second.path, '/sdls/second')
    const secondTries = arrivals.filter(({ path }) => path === '/sdls/second')
    assert.equal(secondTries.length, 2, 'one lost on the closed connection, one answered on a new one')
    assert.notEqual(secondTries[0]!.connection, secondTries[1]!.connection)
  })

  test('PUT and DELETE (idempotent) are sent again too', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      await emptyPool()
      await requestJson(baseUrl, '/warm')
      await sleep(IDLE_MS)
      assert.equal((await requestJson<{ path: string }>(baseUrl, `/config/${method}`, { method, body: { a: 1 } })).path, `/config/${method}`)
    }
  })

  test('POST is never sent twice: the caller gets ServiceUnreachableError naming the URL', async () => {
    await emptyPool()
    await requestJson(baseUrl, '/warm')
    await sleep(IDLE_MS)
    await assert.rejects(requestJson(baseUrl, '/intents', { method: 'POST', body: { id: 1 } }), (error: unknown) => {
      assert.ok(error instanceof ServiceUnreachableError)
      assert.match(error.message, /\/intents/)
      return true
    })
    assert.equal(arrivals.filter(({ method }) => method === 'POST').length, 1)
  })

  test('a refused connection, an aborted or timed-out call are not retried', async () => {
    assert.equal(isTransientSocketFailure(Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) })), false)
    assert.equal(isTransientSocketFailure(new DOMException('The operation was aborted', 'AbortError')), false)
    assert.equal(isTransientSocketFailure(Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) })), true)
    assert.equal(isTransientSocketFailure(Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) })), true)
  })
})
