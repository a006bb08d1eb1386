import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { AllowedOriginInvalidError } from '../errors/mcpErrors.ts'
import { HTTP_ALLOWED_ORIGINS_MAX } from '../limits.ts'
import { parseAllowedOrigins } from './originPolicy.ts'
import { serveHttp, type RunningMcpHttp } from './serveHttp.ts'

// `verity mcp --http` and the Origin header (MCP transports: servers MUST validate it). Only
// header values are involved: every request goes to the server on 127.0.0.1; the foreign origins
// are never connected to. Initialize needs no service, so the services' URLs point at nothing.

const NOWHERE = 'http://127.0.0.1:1'
const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'origin-test', version: '1.0.0' } } }

let plain: RunningMcpHttp
let listing: RunningMcpHttp

async function initialize(server: RunningMcpHttp, origin?: string): Promise<Response> {
  return fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(origin === undefined ? {} : { origin }) },
    body: JSON.stringify(INITIALIZE),
  })
}

async function expectRefused(response: Response): Promise<void> {
  assert.equal(response.status, 403)
  const body = (await response.json()) as { error: { message: string; data: { code: string } } }
  assert.equal(body.error.data.code, 'ORIGIN_REFUSED')
  assert.match(body.error.message, /--allowed-origins/)
}

before(async () => {
  plain = await serveHttp({ port: 0, orchestratorUrl: NOWHERE, domainUrl: NOWHERE })
  listing = await serveHttp({ port: 0, orchestratorUrl: NOWHERE, domainUrl: NOWHERE, allowedOrigins: ['https://app.example', 'HTTP://Tools.Example:8443/'] })
})

after(async () => {
  await plain?.close()
  await listing?.close()
})

describe('verity mcp --http: the Origin header', { timeout: 60_000 }, () => {
  test('a request without Origin (an MCP client that is not a browser) is served', async () => {
    const response = await initialize(plain)
    assert.equal(response.status, 200)
    assert.ok(response.headers.get('mcp-session-id'))
    await response.body?.cancel()
  })

  test("the server's own loopback origins are served: 127.0.0.1, localhost and [::1] on its port", async () => {
    const port = new URL(plain.url).port
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`, `HTTP://LOCALHOST:${port}`]) {
      const response = await initialize(plain, origin)
      assert.equal(response.status, 200, origin)
      await response.body?.cancel()
    }
  })

  test('a foreign origin is refused with 403 ORIGIN_REFUSED, on every request, with or without a session', async () => {
    const port = Number(new URL(plain.url).port)
    for (const origin of ['https://evil.example', 'null', 'not a url', `http://127.0.0.1:${port + 1}`, `https://127.0.0.1:${port}`, `http://localhost.evil.example:${port}`])
      await expectRefused(await initialize(plain, origin))
    const opened = await initialize(plain)
    const sessionId = opened.headers.get('mcp-session-id')!
    await opened.body?.cancel()
    const listTools = await fetch(plain.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18', origin: 'https://evil.example' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    })
    await expectRefused(listTools)
    await expectRefused(await fetch(plain.url, { method: 'GET', headers: { accept: 'text/event-stream', 'mcp-session-id': sessionId, origin: 'https://evil.example' } }))
    await expectRefused(await fetch(plain.url, { method: 'DELETE', headers: { 'mcp-session-id': sessionId, origin: 'https://evil.example' } }))
  })

  test('--allowed-origins adds origins (normalized); others stay refused', async () => {
    assert.deepEqual(listing.allowedOrigins.slice(-2), ['https://app.example', 'http://tools.example:8443'])
    for (const origin of ['https://app.example', 'https://APP.example:443', 'http://tools.example:8443']) {
      const response = await initialize(listing, origin)
      assert.equal(response.status, 200, origin)
      await response.body?.cancel()
    }
    for (const origin of ['https://evil.example', 'http://app.example', 'https://app.example:8443', 'http://tools.example']) await expectRefused(await initialize(listing, origin))
    const port = new URL(listing.url).port
    const own = await initialize(listing, `http://127.0.0.1:${port}`)
    assert.equal(own.status, 200)
    await own.body?.cancel()
  })

  test('an allowed origin that is not one is refused at start-up, naming it', async () => {
    for (const [entry, reason] of [
      ['app.example', /not a URL/],
      ['ftp://app.example', /only http and https/],
      ['https://app.example/mcp', /no path.*https:\/\/app\.example/],
      ['https://user@app.example', /no path, query or credentials/],
    ] as const) {
      assert.throws(() => parseAllowedOrigins([entry]), (error: unknown) => error instanceof AllowedOriginInvalidError && error.code === 'ALLOWED_ORIGIN_INVALID' && reason.test(error.message) && error.message.includes(entry))
      await assert.rejects(serveHttp({ port: 0, orchestratorUrl: NOWHERE, domainUrl: NOWHERE, allowedOrigins: [entry] }), AllowedOriginInvalidError)
    }
    const tooMany = Array.from({ length: HTTP_ALLOWED_ORIGINS_MAX + 1 }, (_, index) => `https://app${index}.example`)
    assert.throws(() => parseAllowedOrigins(tooMany), /at most 64 origins/)
    assert.equal(parseAllowedOrigins(tooMany.slice(1)).length, HTTP_ALLOWED_ORIGINS_MAX)
  })
})
