import assert from 'node:assert/strict'
import { test } from 'node:test'
import { VerityError } from '@verity/core'
import Fastify, { type FastifyInstance } from 'fastify'
import { httpEdge, type HttpEdgeOptions } from './httpEdge.ts'

class ThingNotFoundError extends VerityError {
  readonly code = 'THING_NOT_FOUND'
  constructor() {
    super('no such thing')
  }
}

class NameMissingError extends VerityError {
  readonly code = 'NAME_MISSING'
  constructor() {
    super('a thing needs a name (a string)')
  }
}

const statusByCode = { INVALID_REQUEST: 400, BODY_TOO_LARGE: 413, UNSUPPORTED_MEDIA_TYPE: 415, THING_NOT_FOUND: 404, NAME_MISSING: 422 }
const Transfer = {
  type: 'object',
  required: ['amount', 'to'],
  additionalProperties: false,
  properties: { amount: { u64: true }, to: { type: 'string', minLength: 1 } },
}

async function buildApp(options: Partial<HttpEdgeOptions> = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: 256 })
  await app.register(httpEdge, { statusByCode, openApi: { info: { title: 'test', version: '1', description: 'edge test' } }, ...options })
  app.post('/transfers', { schema: { body: { type: 'array', items: Transfer, maxItems: 4 } } }, async (request) => {
    const [first] = request.body as Array<{ amount: bigint | number }>
    return { amount: first?.amount, kind: typeof first?.amount }
  })
  app.get('/things/:id', { schema: { params: { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9]+$' } } } } }, async () => {
    throw new ThingNotFoundError()
  })
  app.post(
    '/named',
    {
      config: {
        decodeBody: (body) => {
          if (typeof (body as { name?: unknown }).name !== 'string') throw new NameMissingError()
          return body
        },
      },
      schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 3 } } } },
    },
    async () => ({ ok: true }),
  )
  app.get('/bug', async () => {
    throw new Error('secret detail')
  })
  return app
}

const post = (app: FastifyInstance, payload: string, contentType = 'application/json') =>
  app.inject({ method: 'POST', url: '/transfers', headers: { 'content-type': contentType }, payload })

test('a u64 beyond 2^53 arrives as an exact bigint and is written back exactly', async () => {
  const app = await buildApp()
  const reply = await post(app, '[{"amount":18446744073709551615,"to":"x"}]')
  assert.equal(reply.statusCode, 200)
  assert.equal(reply.body, '{"amount":18446744073709551615,"kind":"bigint"}')
})

test('a body that breaks its schema is a 400 INVALID_REQUEST naming the field and the batch index', async () => {
  const app = await buildApp()
  const missing = await post(app, '[{"amount":1,"to":"x"},{"amount":1}]')
  assert.equal(missing.statusCode, 400)
  assert.deepEqual(missing.json(), { message: 'body/1/to is required', code: 'INVALID_REQUEST', index: 1 })
  const tooBig = await post(app, '[{"amount":18446744073709551616,"to":"x"}]')
  assert.equal(tooBig.statusCode, 400)
  assert.match(tooBig.json().message, /^body\/0\/amount must be an unsigned 64-bit integer/)
  const extra = await post(app, '[{"amount":1,"to":"x","memo":"hi"}]')
  assert.deepEqual(extra.json(), { message: 'body/0/memo is not a known field', code: 'INVALID_REQUEST', index: 0 })
  const empty = await post(app, '')
  assert.equal(empty.statusCode, 400)
  assert.equal(empty.json().code, 'INVALID_REQUEST')
})

test('a string is never coerced into a number, and a param is checked against its pattern', async () => {
  const app = await buildApp()
  const coerced = await post(app, '[{"amount":"5","to":"x"}]')
  assert.equal(coerced.statusCode, 400)
  const badParam = await app.inject({ method: 'GET', url: '/things/abc' })
  assert.equal(badParam.statusCode, 400)
  assert.match(badParam.json().message, /^params\/id must match pattern/)
})

test('unreadable JSON, too large a body and a foreign content type get 400, 413 and 415', async () => {
  const app = await buildApp({ isJsonOnly: true })
  const broken = await post(app, '[{"amount":1,')
  assert.equal(broken.statusCode, 400)
  assert.match(broken.json().message, /^the body is not valid JSON/)
  const large = await post(app, `[${'{"amount":1,"to":"x"},'.repeat(20)}{"amount":1,"to":"x"}]`)
  assert.deepEqual(large.json(), { message: 'the request body is larger than 256 bytes', code: 'BODY_TOO_LARGE' })
  assert.equal(large.statusCode, 413)
  const text = await post(app, 'hello', 'text/plain')
  assert.equal(text.statusCode, 415)
  assert.equal(text.json().code, 'UNSUPPORTED_MEDIA_TYPE')
})

test('a typed error gets the status of its code; anything else is a 500 that does not leak its message', async () => {
  const app = await buildApp()
  const missing = await app.inject({ method: 'GET', url: '/things/7' })
  assert.equal(missing.statusCode, 404)
  assert.deepEqual(missing.json(), { message: 'no such thing', code: 'THING_NOT_FOUND' })
  const bug = await app.inject({ method: 'GET', url: '/bug' })
  assert.equal(bug.statusCode, 500)
  assert.deepEqual(bug.json(), { message: 'internal error', code: 'INTERNAL' })
})

test('the service shapes its error body', async () => {
  const app = await buildApp({ errorBody: (failure) => ({ error: { code: failure.code, status: failure.status } }) })
  const missing = await app.inject({ method: 'GET', url: '/things/7' })
  assert.deepEqual(missing.json(), { error: { code: 'THING_NOT_FOUND', status: 404 } })
})

test('the OpenAPI document comes from the route schemas, 64-bit integers as OpenAPI integers', async () => {
  const app = await buildApp()
  const reply = await app.inject({ method: 'GET', url: '/openapi.json' })
  assert.equal(reply.statusCode, 200)
  const document = reply.json()
  const body = document.paths['/transfers'].post.requestBody.content['application/json'].schema
  assert.deepEqual(body.items.properties.amount, { type: 'integer', format: 'uint64', minimum: 0 })
  const ui = await app.inject({ method: 'GET', url: '/swagger-ui/' })
  assert.equal(ui.statusCode, 200)
})

test("a body the schema refuses is explained by the route's decoder when it throws, else by the schema", async () => {
  const app = await buildApp()
  const named = (payload: string) => app.inject({ method: 'POST', url: '/named', headers: { 'content-type': 'application/json' }, payload })
  const explained = await named('{"name":7}')
  assert.equal(explained.statusCode, 422)
  assert.deepEqual(explained.json(), { message: 'a thing needs a name (a string)', code: 'NAME_MISSING' })
  const schemaOnly = await named('{"name":"long"}')
  assert.equal(schemaOnly.statusCode, 400)
  assert.deepEqual(schemaOnly.json(), { message: 'body/name must NOT have more than 3 characters', code: 'INVALID_REQUEST' })
  assert.equal((await named('{"name":"abc"}')).statusCode, 200)
})
