import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { Ed25519Signer } from '@verity/core'
import { generateToken, UnsafeBindError, writeTokensFile } from '@verity/server'
import { readOrchestratorSettings } from '../config/readOrchestratorSettings.ts'
import { createPolicyProving } from '../jobs/createPolicyProving.ts'
import { startOrchestrator } from '../startOrchestrator.ts'
import { readEventStream } from '../testing/readEventStream.ts'
import { signIntentShapeB } from '../testing/signIntent.ts'
import { startTestExtractor, type TestExtractor } from '../testing/startTestExtractor.ts'
import { startTestOrchestrator, type TestOrchestrator } from '../testing/startTestOrchestrator.ts'
import { PRICE_TEMPLATE } from '../testing/templates.ts'

// Operator tokens and abuse limits over real HTTP on loopback (docs/security.md).
const admin = generateToken()
const operator = generateToken()
const environmentAdmin = generateToken()
const dir = mkdtempSync(join(tmpdir(), 'verity-orchestrator-security-'))
const tokensFile = join(dir, 'tokens.json')
writeTokensFile(tokensFile, [
  { name: 'root', scope: 'admin', token: admin },
  { name: 'ops', scope: 'operator', token: operator },
])
after(() => rmSync(dir, { recursive: true, force: true }))

async function send(base: string, method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {}
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`
  let body: string | undefined
  if (typeof options.body === 'string') {
    headers['content-type'] = 'text/plain'
    body = options.body
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.body)
  }
  const response = await fetch(`${base}${path}`, { method, headers, ...(body === undefined ? {} : { body }) })
  const text = await response.text()
  const isJson = (response.headers.get('content-type') ?? '').startsWith('application/json')
  return { status: response.status, headers: response.headers, json: isJson ? (JSON.parse(text) as { code?: string; message?: string; template_id?: string }) : undefined }
}

describe('operator tokens', () => {
  let orchestrator: TestOrchestrator
  before(async () => {
    orchestrator = await startTestOrchestrator({ settings: { tokensFile, adminToken: environmentAdmin, templateCreation: 'token' } })
  })
  after(() => orchestrator.close())

  test('every protected route: 401 without or with an unknown token, 403 below its scope, 2xx with it', async () => {
    const base = orchestrator.url
    const templateFor = async () => (await send(base, 'POST', '/templates', { token: operator, body: PRICE_TEMPLATE })).json!.template_id!
    const config = { evidence_extractor_url: '' }
    const table: Array<{ method: string; path: () => Promise<string>; body?: unknown; token?: string; status: number; code?: string }> = [
      { method: 'PUT', path: async () => '/config', body: config, status: 401, code: 'TOKEN_REQUIRED' },
      { method: 'PUT', path: async () => '/config', body: config, token: generateToken(), status: 401, code: 'TOKEN_INVALID' },
      { method: 'PUT', path: async () => '/config', body: config, token: operator, status: 403, code: 'TOKEN_SCOPE_INSUFFICIENT' },
      { method: 'PUT', path: async () => '/config', body: config, token: admin, status: 200 },
      { method: 'PUT', path: async () => '/config', body: config, token: environmentAdmin, status: 200 },
      { method: 'DELETE', path: async () => `/templates/${await templateFor()}`, status: 401, code: 'TOKEN_REQUIRED' },
      { method: 'DELETE', path: async () => `/templates/${await templateFor()}`, token: operator, status: 403, code: 'TOKEN_SCOPE_INSUFFICIENT' },
      { method: 'DELETE', path: async () => `/templates/${await templateFor()}`, token: admin, status: 200 },
      { method: 'DELETE', path: async () => `/templates/${await templateFor()}`, token: environmentAdmin, status: 200 },
      { method: 'POST', path: async () => '/templates', body: PRICE_TEMPLATE, status: 401, code: 'TOKEN_REQUIRED' },
      { method: 'POST', path: async () => '/templates', body: PRICE_TEMPLATE, token: operator, status: 200 },
      { method: 'POST', path: async () => '/templates', body: PRICE_TEMPLATE, token: admin, status: 200 },
    ]
    for (const row of table) {
      const path = await row.path()
      const answer = await send(base, row.method, path, { ...(row.token === undefined ? {} : { token: row.token }), body: row.body })
      assert.equal(answer.status, row.status, `${row.method} ${path}`)
      if (row.code !== undefined) {
        assert.equal(answer.json?.code, row.code)
        assert.equal(typeof answer.json?.message, 'string')
      }
    }
  })

  test('what a user signs and every read stay open', async () => {
    const templateId = (await send(orchestrator.url, 'POST', '/templates', { token: operator, body: PRICE_TEMPLATE })).json!.template_id!
    const id = randomUUID()
    const intent = signIntentShapeB(Ed25519Signer.generate(), { id, templateId, fields: { max_price_cents: 100 } })
    assert.equal((await send(orchestrator.url, 'POST', '/intents', { body: intent })).status, 200)
    assert.equal((await send(orchestrator.url, 'GET', `/intents/${id}`)).status, 200)
    assert.equal((await send(orchestrator.url, 'GET', '/config')).status, 200)
    assert.equal((await send(orchestrator.url, 'GET', `/templates/${templateId}`)).status, 200)
    assert.equal((await send(orchestrator.url, 'POST', '/templates/validate', { body: PRICE_TEMPLATE })).status, 200)
  })

  test('template creation is open by default, as the spec clients expect', async () => {
    const open = await startTestOrchestrator({ settings: { tokensFile } })
    try {
      assert.equal((await send(open.url, 'POST', '/templates', { body: PRICE_TEMPLATE })).status, 200)
      assert.equal((await send(open.url, 'PUT', '/config', { body: { evidence_extractor_url: '' } })).status, 401)
    } finally {
      await open.close()
    }
  })
})

describe('abuse limits', () => {
  test('mutating requests beyond the configured rate get 429 RATE_LIMITED with Retry-After; reads go on', async () => {
    const limited = await startTestOrchestrator({ settings: { rateLimitMax: 2, rateLimitWindowMs: 60_000 } })
    try {
      for (let i = 0; i < 2; i += 1) assert.equal((await send(limited.url, 'POST', '/templates/validate', { body: PRICE_TEMPLATE })).status, 200)
      const refused = await send(limited.url, 'POST', '/intents', { body: {} })
      assert.equal(refused.status, 429)
      assert.equal(refused.json?.code, 'RATE_LIMITED')
      assert.match(refused.headers.get('retry-after') ?? '', /^[1-9]\d*$/)
      assert.equal((await send(limited.url, 'GET', '/config')).status, 200)
    } finally {
      await limited.close()
    }
  })

  test('a proposal beyond the backlog of proposals being proven gets 503 PROOF_QUEUE_FULL', async () => {
    const extractor: TestExtractor = await startTestExtractor()
    const limited = await startTestOrchestrator({ settings: { jobBacklogMax: 1 } })
    try {
      const templateId = (await send(limited.url, 'POST', '/templates', { body: PRICE_TEMPLATE })).json!.template_id!
      assert.equal((await send(limited.url, 'PUT', '/config', { body: { evidence_extractor_url: extractor.url } })).status, 200)
      const signer = Ed25519Signer.generate()
      const propose = async (solution: string) => {
        const id = randomUUID()
        // Held long enough for the second proposal to arrive; the evidence fails the template, so no proof is made.
        extractor.set(solution, { kind: 'slow', delayMs: 5_000, evidence: { price_cents: 1_000, color: 'red' } })
        assert.equal((await send(limited.url, 'POST', '/intents', { body: signIntentShapeB(signer, { id, templateId, fields: { max_price_cents: 100 } }) })).status, 200)
        return send(limited.url, 'POST', `/intents/${id}/proposal`, { body: { solution, metadata: null } })
      }
      assert.equal((await propose('first')).status, 200)
      const refused = await propose('second')
      assert.equal(refused.status, 503)
      assert.equal(refused.json?.code, 'PROOF_QUEUE_FULL')
    } finally {
      await limited.close()
      await extractor.close()
    }
  })

  test('one client holds at most sseConnectionsPerClientMax event streams (429); a closed one frees its slot', async () => {
    const limited = await startTestOrchestrator({ settings: { sseConnectionsPerClientMax: 2 } })
    try {
      const first = await readEventStream(limited.url)
      const second = await readEventStream(limited.url)
      const refused = await send(limited.url, 'GET', '/events')
      assert.equal(refused.status, 429)
      assert.equal(refused.json?.code, 'CLIENT_CONNECTIONS_EXCEEDED')
      first.close()
      let reopened: Awaited<ReturnType<typeof readEventStream>> | undefined
      for (let attempt = 0; attempt < 100 && reopened === undefined; attempt += 1) {
        reopened = await readEventStream(limited.url).catch(() => undefined)
        if (reopened === undefined) await new Promise((resolve) => setTimeout(resolve, 20))
      }
      assert.ok(reopened, 'a stream opens again once one is closed')
      reopened.close()
      second.close()
    } finally {
      await limited.close()
    }
  })
})

describe('safe defaults', () => {
  test('listening on a non-loopback address without tokens is refused before anything is bound', async () => {
    const proving = createPolicyProving({ threads: 1 })
    try {
      await assert.rejects(
        startOrchestrator({ host: '0.0.0.0', port: 0, dataDir: join(dir, 'refused'), proving, embeddedExtractor: null, logLevel: 'silent' }),
        (error: unknown) => error instanceof UnsafeBindError && /--tokens-file/.test(error.message),
      )
    } finally {
      await proving.close()
    }
  })

  test('settings: 127.0.0.1 by default, VERITY_ADMIN_TOKEN from the environment only, the new flags checked', () => {
    const settings = readOrchestratorSettings(['--tokens-file', 'tokens.json', '--template-creation', 'token', '--rate-limit-max', '50', '--rate-limit-window', '1m'], { VERITY_ADMIN_TOKEN: environmentAdmin })
    assert.equal(settings.host, '127.0.0.1')
    assert.equal(settings.adminToken, environmentAdmin)
    assert.equal(settings.tokensFile, 'tokens.json')
    assert.equal(settings.templateCreation, 'token')
    assert.equal(settings.rateLimitMax, 50)
    assert.equal(settings.rateLimitWindowMs, 60_000)
    assert.equal(readOrchestratorSettings([], {}).templateCreation, 'open')
    assert.throws(() => readOrchestratorSettings(['--template-creation', 'closed'], {}), /--template-creation="closed": expected one of open, token/)
    assert.throws(() => readOrchestratorSettings(['--admin-token', environmentAdmin], {}), /option --admin-token: Unknown option/)
  })
})
