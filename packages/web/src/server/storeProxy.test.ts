// The web server's store proxy (the intent page's order, issue 36): GET of a checkout session and
// an order only, forwarded to the store it was given with the devnet's UCP-Agent profile; anything
// else at the store is not forwarded. A loopback server plays the store.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startWebServer, type RunningWebServer } from './startWebServer.ts'

let store: Server
let web: RunningWebServer
let webWithoutStore: RunningWebServer
const seen: { method: string; url: string; headers: IncomingHttpHeaders }[] = []
const ORCHESTRATOR = 'http://127.0.0.1:9'

before(async () => {
  store = createServer((request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers })
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'chk_1', status: 'completed', order: { id: 'ord_1' } }))
  })
  await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve))
  const storeUrl = `http://127.0.0.1:${(store.address() as AddressInfo).port}`
  web = await startWebServer({ port: 0, orchestratorUrl: ORCHESTRATOR, domainUrl: 'http://127.0.0.1:9', baseLayerUrl: 'http://127.0.0.1:9', storeUrl })
  webWithoutStore = await startWebServer({ port: 0, orchestratorUrl: ORCHESTRATOR, domainUrl: 'http://127.0.0.1:9', baseLayerUrl: 'http://127.0.0.1:9' })
})

after(async () => {
  await web?.close()
  await webWithoutStore?.close()
  await new Promise<void>((resolve) => (store ? store.close(() => resolve()) : resolve()))
})

test('a checkout session and an order are read at the store, with the devnet platform profile as UCP-Agent', async () => {
  const reply = await fetch(`${web.url.replace('localhost', '127.0.0.1')}/api/store/ucp/checkout-sessions/chk_1`)
  assert.equal(reply.status, 200)
  assert.deepEqual(await reply.json(), { id: 'chk_1', status: 'completed', order: { id: 'ord_1' } })
  assert.equal((await fetch(`${web.url.replace('localhost', '127.0.0.1')}/api/store/ucp/orders/ord_1`)).status, 200)
  assert.deepEqual(seen.map((request) => [request.method, request.url, request.headers['ucp-agent']]), [
    ['GET', '/ucp/checkout-sessions/chk_1', `profile="${ORCHESTRATOR}/extractor/ucp/platform-profile"`],
    ['GET', '/ucp/orders/ord_1', `profile="${ORCHESTRATOR}/extractor/ucp/platform-profile"`],
  ])
})

test('nothing else at the store is forwarded (no complete, no create), and no store means no store route', async () => {
  const before = seen.length
  const base = web.url.replace('localhost', '127.0.0.1')
  const complete = await fetch(`${base}/api/store/ucp/checkout-sessions/chk_1/complete`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
  assert.equal(complete.status, 404)
  assert.equal(((await complete.json()) as { code: string }).code, 'ROUTE_NOT_FORWARDED')
  assert.equal((await fetch(`${base}/api/store/.well-known/ucp`)).status, 404)
  assert.equal((await fetch(`${webWithoutStore.url.replace('localhost', '127.0.0.1')}/api/store/ucp/checkout-sessions/chk_1`)).status, 404)
  assert.equal(seen.length, before, 'the store saw none of these')
})
