import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { after, before, test } from 'node:test'
import Fastify, { type FastifyInstance } from 'fastify'
import { isVerityError } from '@verity/core'
import { httpStatusByServerCode } from '../errors/httpStatusByServerCode.ts'
import { limitMutatingRequests } from '../limits/limitMutatingRequests.ts'
import { LOG_REDACT_PATHS } from '../logRedaction.ts'
import { applyServerTimeouts } from '../timeouts/applyServerTimeouts.ts'
import { generateToken } from '../tokens/generateToken.ts'
import { hashToken } from '../tokens/hashToken.ts'
import { TokenRegistry } from '../tokens/TokenRegistry.ts'
import { authorizeRequests } from './authorizeRequests.ts'

// A small service over real HTTP on loopback, wired as the services wire it: its own error shape.
const admin = generateToken()
const operator = generateToken()
let logged = ''
let app: FastifyInstance
let url: string

async function buildApp(options: { rateLimitMax: number; tokens: boolean }): Promise<FastifyInstance> {
  const stream = new Writable({ write: (chunk, _encoding, done) => ((logged += String(chunk)), done()) })
  const service = Fastify({ logger: { level: 'trace', stream, redact: [...LOG_REDACT_PATHS] } })
  applyServerTimeouts(service.server, { requestTimeoutMs: 5_000 })
  service.setErrorHandler((error, request, reply) => {
    request.log.info({ headers: request.headers }, 'refused')
    if (isVerityError(error)) return reply.code(httpStatusByServerCode[error.code] ?? 400).send({ message: error.message, code: error.code })
    return reply.code(500).send({ message: 'internal error', code: 'INTERNAL' })
  })
  const registry = new TokenRegistry(options.tokens ? [{ name: 'root', scope: 'admin', sha256: hashToken(admin) }, { name: 'ops', scope: 'operator', sha256: hashToken(operator) }] : [])
  await limitMutatingRequests(service, { rateLimitMax: options.rateLimitMax, rateLimitWindowMs: 60_000 })
  authorizeRequests(service, { registry, routeScopes: { 'PUT /config': 'admin', 'POST /jobs/:id/run': 'operator' } })
  service.put('/config', async () => ({ ok: true }))
  service.post('/jobs/:id/run', async () => ({ ok: true }))
  service.post('/open', async () => ({ ok: true }))
  service.get('/read', async () => ({ ok: true }))
  return service
}

before(async () => {
  app = await buildApp({ rateLimitMax: 1_000, tokens: true })
  url = await app.listen({ host: '127.0.0.1', port: 0 })
})
after(() => app.close())

const send = (method: string, path: string, token?: string, base = url) =>
  fetch(`${base}${path}`, { method, headers: token === undefined ? {} : { authorization: token } })

test('each protected route answers 401 without a token, 401 for an unknown one, 403 for too low a scope, 2xx with the right one', async () => {
  const table: Array<[string, string, string | undefined, number, string?]> = [
    ['PUT', '/config', undefined, 401, 'TOKEN_REQUIRED'],
    ['PUT', '/config', `Bearer ${generateToken()}`, 401, 'TOKEN_INVALID'],
    ['PUT', '/config', `Basic ${admin}`, 401, 'TOKEN_REQUIRED'],
    ['PUT', '/config', `Bearer ${operator}`, 403, 'TOKEN_SCOPE_INSUFFICIENT'],
    ['PUT', '/config', `Bearer ${admin}`, 200],
    ['POST', '/jobs/7/run', undefined, 401, 'TOKEN_REQUIRED'],
    ['POST', '/jobs/7/run', `Bearer ${operator}`, 200],
    ['POST', '/jobs/7/run', `bearer ${admin}`, 200],
    ['POST', '/open', undefined, 200],
    ['GET', '/read', undefined, 200],
  ]
  for (const [method, path, token, status, code] of table) {
    const response = await send(method, path, token)
    assert.equal(response.status, status, `${method} ${path} ${token?.slice(0, 8)}`)
    const body = (await response.json()) as { code?: string; message?: string }
    if (code !== undefined) assert.equal(body.code, code)
  }
  const scope = (await (await send('PUT', '/config', `Bearer ${operator}`)).json()) as { message: string }
  assert.equal(scope.message, 'PUT /config needs scope admin; token "ops" has scope operator')
})

test('no token ever reaches a log line, even when a request with one is logged', async () => {
  await send('PUT', '/config', `Bearer ${operator}`)
  await send('PUT', '/config', `Bearer ${admin}`)
  assert.match(logged, /refused/)
  assert.doesNotMatch(logged, new RegExp(operator))
  assert.doesNotMatch(logged, new RegExp(admin))
})

test('mutating requests beyond the rate get 429 with Retry-After in the service error shape; reads are not counted', async () => {
  const limited = await buildApp({ rateLimitMax: 3, tokens: false })
  const base = await limited.listen({ host: '127.0.0.1', port: 0 })
  try {
    for (let i = 0; i < 5; i += 1) assert.equal((await send('GET', '/read', undefined, base)).status, 200)
    for (let i = 0; i < 3; i += 1) assert.equal((await send('POST', '/open', undefined, base)).status, 200)
    const refused = await send('PUT', '/config', undefined, base)
    assert.equal(refused.status, 429)
    assert.match(refused.headers.get('retry-after') ?? '', /^\d+$/)
    const body = (await refused.json()) as { code: string; message: string }
    assert.equal(body.code, 'RATE_LIMITED')
    assert.match(body.message, /at most 3 mutating requests per 60000 ms from one client; retry in \d+ s/)
    assert.equal((await send('GET', '/read', undefined, base)).status, 200)
  } finally {
    await limited.close()
  }
})

test('without any token configured the routes stay open (allowed on loopback only, see assertBindAllowed)', async () => {
  const open = await buildApp({ rateLimitMax: 100, tokens: false })
  const base = await open.listen({ host: '127.0.0.1', port: 0 })
  try {
    assert.equal((await send('PUT', '/config', undefined, base)).status, 200)
  } finally {
    await open.close()
  }
})

test('the server time-outs replace fastify defaults (no request time-out, idle sockets kept forever)', () => {
  assert.equal(app.server.requestTimeout, 5_000)
  assert.equal(app.server.headersTimeout, 20_000)
  assert.equal(app.server.keepAliveTimeout, 10_000)
  assert.equal(app.server.timeout, 120_000)
  assert.throws(() => applyServerTimeouts(app.server, { keepAliveTimeoutMs: 30_000 }), /must be below headersTimeoutMs/)
})
