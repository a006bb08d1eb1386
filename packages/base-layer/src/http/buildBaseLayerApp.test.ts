import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer, parseJsonBigint } from '@verity/core'
import { buildBaseLayerApp } from './buildBaseLayerApp.ts'
import { RPC_BATCH_REQUESTS_MAX } from '../limits.ts'
import { baseLayerMethods } from '../rpc/rpcMethods.ts'
import { openTestNode, type TestNode } from '../testing/openTestNode.ts'

describe('JSON-RPC 2.0 over HTTP', () => {
  const whale = Ed25519Signer.generate()
  let testNode: TestNode
  let app: ReturnType<typeof buildBaseLayerApp>
  before(async () => {
    testNode = await openTestNode({ funded: [{ ownerId: whale.ownerId, balance: 2n ** 64n - 1n }] })
    app = buildBaseLayerApp({ node: testNode.node, logLevel: 'silent', bodyBytesMax: 4_096 })
  })
  after(async () => {
    await app.close()
    await testNode.close()
  })

  const post = async (payload: string, contentType = 'application/json') => {
    const response = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': contentType }, payload })
    return { status: response.statusCode, body: response.body === '' ? undefined : (parseJsonBigint(response.body) as any) }
  }

  test('a call answers its result with its id; u64 values are exact', async () => {
    const { status, body } = await post(JSON.stringify({ jsonrpc: '2.0', id: 'a', method: 'getAccount', params: { owner_id: whale.ownerId } }))
    assert.equal(status, 200)
    assert.deepEqual(body, { jsonrpc: '2.0', id: 'a', result: { owner_id: whale.ownerId, balance: 2n ** 64n - 1n, nonce_last: 0 } })
  })

  test('parse error, invalid request, unknown method, invalid params', async () => {
    assert.deepEqual((await post('{')).body.error.code, -32700)
    const invalid = await post(JSON.stringify({ jsonrpc: '1.0', id: 1, method: 'getShard' }))
    assert.equal(invalid.body.error.code, -32600)
    assert.equal(invalid.body.id, 1)
    const unknown = await post(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'mintMoney', params: {} }))
    assert.deepEqual(unknown.body.error, { code: -32601, message: 'method not found: mintMoney', data: { code: 'METHOD_NOT_FOUND' } })
    const params = await post(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'getShard', params: { shard: 0 } }))
    assert.equal(params.body.error.code, -32602)
    assert.match(params.body.error.message, /getShard: params.shard: expected an integer from 1/)
    const extra = await post(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'getShard', params: { shard: 1, shrad: 2 } }))
    assert.match(extra.body.error.message, /params.shrad: unknown param/)
    const address = await post(JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'getVault', params: { address: 'nope' } }))
    assert.equal(address.body.error.code, -32602)
  })

  test('batches are answered in order, notifications are not, and the batch size is bounded', async () => {
    const batch = await post(
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getShard', params: { shard: 1 } },
        { jsonrpc: '2.0', method: 'getShard', params: { shard: 2 } },
        { jsonrpc: '2.0', id: 3, method: 'getAgreement', params: { shard: 1 } },
      ]),
    )
    assert.equal(batch.body.length, 2)
    assert.deepEqual(batch.body[0], {
      jsonrpc: '2.0',
      id: 1,
      result: { shard: 1, sequence: 0, last_sdl_hash: null, root: null, credits_queued: 0, credits_consumed: 0 },
    })
    assert.deepEqual(batch.body[1], { jsonrpc: '2.0', id: 3, result: null })
    const onlyNotifications = await post(JSON.stringify([{ jsonrpc: '2.0', method: 'getShard', params: { shard: 1 } }]))
    assert.equal(onlyNotifications.status, 204)
    const empty = await post('[]')
    assert.equal(empty.body.error.code, -32600)
    const tooMany = Array.from({ length: RPC_BATCH_REQUESTS_MAX + 1 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'getShard', params: { shard: 1 } }))
    const big = await buildBaseLayerApp({ node: testNode.node, logLevel: 'silent' })
      .inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(tooMany) })
    const bigBody = parseJsonBigint(big.body) as any
    assert.equal(bigBody.error.code, -32600)
    assert.equal(bigBody.error.data.code, 'BATCH_TOO_LARGE')
  })

  test('/openapi.json describes every method; Swagger UI is served offline', async () => {
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as any
    assert.equal(document.openapi, '3.0.3')
    const methods = document.paths['/'].post.requestBody.content['application/json'].schema.oneOf.slice(0, -1).map((schema: any) => schema.title)
    assert.deepEqual(methods.sort(), [...baseLayerMethods].sort())
    const ui = await app.inject({ method: 'GET', url: '/swagger-ui/' })
    assert.equal(ui.statusCode, 200)
    assert.match(ui.body, /swagger/i)
  })

  test('an oversized body gets 413 and a non-JSON content type 415, with JSON-RPC error bodies', async () => {
    const large = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getShard', params: { pad: 'x'.repeat(5_000) } }))
    assert.equal(large.status, 413)
    assert.match(large.body.error.message, /larger than 4096 bytes/)
    assert.equal(large.body.error.code, -32600)
    assert.equal(large.body.error.data.code, 'BODY_TOO_LARGE')
    const text = await post('hello', 'text/plain')
    assert.equal(text.status, 415)
    assert.equal(text.body.error.code, -32600)
    assert.equal(text.body.error.data.code, 'UNSUPPORTED_MEDIA_TYPE')
  })

  test('GET /metrics counts the calls by status (JSON-RPC calls are all POST /)', async () => {
    const metrics = await app.inject({ method: 'GET', url: '/metrics' })
    assert.equal(metrics.statusCode, 200)
    assert.match(metrics.body, /^verity_http_requests_total\{method="POST",route="\/",status="200",service="base-layer"\} [1-9]\d*$/m)
    assert.match(metrics.body, /^verity_http_requests_total\{method="POST",route="\/",status="415",service="base-layer"\} 1$/m)
  })
})
