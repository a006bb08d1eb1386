import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { generateToken, UnsafeBindError, writeTokensFile } from '@verity/server'
import { parseDomainConfig } from '../config/loadDomainConfig.ts'
import { startTestDomain, type TestDomain } from '../testing/startTestDomain.ts'

// Operator tokens, the rate limit and the bind check of the domain, over real HTTP on loopback.
const admin = generateToken()
const operator = generateToken()
const environmentAdmin = generateToken()
const dir = mkdtempSync(join(tmpdir(), 'verity-domain-security-'))
const tokensFile = join(dir, 'tokens.json')
writeTokensFile(tokensFile, [
  { name: 'root', scope: 'admin', token: admin },
  { name: 'ops', scope: 'operator', token: operator },
])
after(() => rmSync(dir, { recursive: true, force: true }))

async function send(base: string, method: string, path: string, token?: string) {
  const response = await fetch(`${base}${path}`, { method, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } })
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : (JSON.parse(text) as unknown) }
}

describe('domain operator routes', () => {
  let domain: TestDomain
  before(async () => {
    domain = await startTestDomain({ tokensFile, env: { VERITY_ADMIN_TOKEN: environmentAdmin } })
  })
  after(() => domain.cleanup())

  test('each operator route: 401 without or with an unknown token; with an operator, admin or VERITY_ADMIN_TOKEN token it is served', async () => {
    const unknownSdl = '11111111111111111111111111111111'
    const routes = ['/intents/submit', '/sdls/submit', `/sdls/${unknownSdl}/prove`, `/sdls/${unknownSdl}/submit_proof`]
    for (const path of routes) {
      const missing = await send(domain.url, 'POST', path)
      assert.equal(missing.status, 401, path)
      assert.equal((missing.body as { code: string }).code, 'TOKEN_REQUIRED')
      assert.match((missing.body as { message: string }).message, /needs a token of scope operator/)
      const unknown = await send(domain.url, 'POST', path, generateToken())
      assert.equal(unknown.status, 401, path)
      assert.equal((unknown.body as { code: string }).code, 'TOKEN_INVALID')
      for (const token of [operator, admin, environmentAdmin]) {
        const served = await send(domain.url, 'POST', path, token)
        assert.ok(![401, 403, 429].includes(served.status), `${path}: ${served.status}`)
      }
    }
    // The served answers are the routes' own: nothing pending, an SDL that does not exist, an empty batch.
    assert.deepEqual([(await send(domain.url, 'POST', '/sdls/submit', operator)).status, (await send(domain.url, 'POST', '/sdls/submit', operator)).body], [200, null])
    assert.equal((await send(domain.url, 'POST', `/sdls/${unknownSdl}/prove`, operator)).status, 404)
  })

  test('batches a user signs and every read stay open', async () => {
    const execute = await fetch(`${domain.url}/intents/execute`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[]' })
    assert.equal(execute.status, 400)
    assert.equal(((await execute.json()) as { code: string }).code, 'INVALID_REQUEST')
    assert.equal((await send(domain.url, 'GET', '/sdls')).status, 200)
  })

  test('GET /metrics needs an operator token and counts requests by route and status, with SDLs by state', async () => {
    assert.equal((await send(domain.url, 'GET', '/metrics')).status, 401)
    assert.equal((await send(domain.url, 'GET', '/vaults/11111111111111111111111111111111/nonce')).status, 200)
    const response = await fetch(`${domain.url}/metrics`, { headers: { authorization: `Bearer ${operator}` } })
    assert.equal(response.status, 200)
    const text = await response.text()
    assert.match(text, /^verity_http_requests_total\{method="GET",route="\/vaults\/:owner_id\/nonce",status="200",service="domain"\} 1$/m)
    assert.match(text, /^verity_http_requests_total\{method="GET",route="\/metrics",status="401",service="domain"\} 1$/m)
    assert.match(text, /^verity_domain_sdls_counted\{service="domain"\} 0$/m)
  })
})

describe('domain abuse limits and defaults', () => {
  test('mutating requests beyond limits.rate_limit_max get 429 RATE_LIMITED with Retry-After', async () => {
    const limited = await startTestDomain({ rateLimitMax: 2 })
    try {
      assert.equal((await send(limited.url, 'POST', '/sdls/submit')).status, 200)
      assert.equal((await send(limited.url, 'POST', '/sdls/submit')).status, 200)
      const refused = await send(limited.url, 'POST', '/sdls/submit')
      assert.equal(refused.status, 429)
      assert.equal((refused.body as { code: string }).code, 'RATE_LIMITED')
      assert.match(refused.headers.get('retry-after') ?? '', /^[1-9]\d*$/)
      assert.equal((await send(limited.url, 'GET', '/sdls')).status, 200)
    } finally {
      await limited.cleanup()
    }
  })

  test('domain.yaml: api_host defaults to 127.0.0.1; tokens_file and limits are read and checked', () => {
    const where = { path: 'domain.yaml', baseDir: '/srv/verity' }
    const config = parseDomainConfig({ shard: 1, keypair: 'key.json', tokens_file: 'tokens.json', limits: { rate_limit_max: 100, rate_limit_window_ms: 1_000 } }, where)
    assert.equal(config.apiHost, '127.0.0.1')
    assert.equal(config.tokensFile, '/srv/verity/tokens.json')
    assert.equal(config.rateLimitMax, 100)
    assert.equal(config.rateLimitWindowMs, 1_000)
    assert.throws(() => parseDomainConfig({ shard: 1, keypair: 'k', limits: { rate_limit_max: 0 } }, where), /limits\.rate_limit_max` must be an integer ≥ 1/)
    assert.throws(() => parseDomainConfig({ shard: 1, keypair: 'k', limits: { burst: 1 } }, where), /limits\.burst` is not a known limit/)
  })

  test('a non-loopback api_host without tokens is refused before anything is bound or the base layer is called', async () => {
    const refusedDir = mkdtempSync(join(tmpdir(), 'verity-domain-bind-'))
    const { startDomain } = await import('../startup/startDomain.ts')
    try {
      await assert.rejects(
        startDomain({
          config: { shard: 1, keypairPath: join(refusedDir, 'key.json'), apiPort: 0, apiHost: '0.0.0.0', dataDir: join(refusedDir, 'data'), guardrails: [], prover: {}, creditsPullIntervalMs: 0 },
          env: {},
          logLevel: 'silent',
        }),
        (error: unknown) => error instanceof UnsafeBindError && /domain: refusing to listen on 0\.0\.0\.0/.test(error.message),
      )
    } finally {
      rmSync(refusedDir, { recursive: true, force: true })
    }
  })
})
