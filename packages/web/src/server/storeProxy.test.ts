// The web server forwards nothing to a store (issue 42): a checkout session and its order carry the
// buyer's name and address and answer only to the platform that opened them (signed requests,
// docs/ucp.md), so the server reads them for no one. `/api/store/…` is not a route: the session,
// its order, a complete, the profile are all 404 NOT_FOUND, and the intent page shows
// what the public proof bundle and the domain's payments say instead (CheckoutPanel).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { startWebServer, type RunningWebServer } from './startWebServer.ts'

let web: RunningWebServer

before(async () => {
  web = await startWebServer({ port: 0, orchestratorUrl: 'http://127.0.0.1:9', domainUrl: 'http://127.0.0.1:9', baseLayerUrl: 'http://127.0.0.1:9' })
})

after(async () => {
  await web?.close()
})

test('no session, order or other store route is forwarded', async () => {
  const base = web.url.replace('localhost', '127.0.0.1')
  const attempts: [string, string, string?][] = [
    ['GET', '/api/store/ucp/checkout-sessions/chk_1'],
    ['GET', '/api/store/ucp/orders/ord_1'],
    ['GET', '/api/store/orders/ord_1'],
    ['POST', '/api/store/ucp/checkout-sessions/chk_1/complete', '{}'],
    ['POST', '/api/store/ucp/checkout-sessions/chk_1/cancel', '{}'],
    ['GET', '/api/store/.well-known/ucp'],
  ]
  for (const [method, path, body] of attempts) {
    const reply = await fetch(`${base}${path}`, { method, ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }) })
    assert.equal(reply.status, 404, `${method} ${path}`)
    assert.equal(((await reply.json()) as { code: string }).code, 'NOT_FOUND', `${method} ${path}`)
  }
})
