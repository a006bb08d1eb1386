// The agreement between the SDK clients and the services: every client method calls the route of
// its table entry (checked against a recording server on loopback), and every table entry is a
// route of the service's /openapi.json with the same method and the same request and answer
// schemas (the @verity/wire objects). Compile-time: each table is `satisfies` every client method,
// and clientTypes.test-d.ts pins the clients' parameter and return types to the schemas.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { Ed25519Signer } from '@verity/core'
import { buildDomainApp } from '@verity/domain'
import { buildExtractorApp } from '@verity/extractor'
import { buildOrchestratorApp, createPolicyProving, SqliteOrchestratorStore } from '@verity/orchestrator'
import { httpEdge } from '@verity/server'
import Fastify, { type FastifyInstance } from 'fastify'
import { deferredDomainApi } from '../../../domain/src/http/deferredDomainApi.ts'
import { signIntent } from '../intents/signIntent.ts'
import { domainClientRoutes, extractorClientRoutes, orchestratorClientRoutes, routePattern, type ClientRoute } from './clientRoutes.ts'
import { DomainClient } from './DomainClient.ts'
import { ExtractorClient } from './ExtractorClient.ts'
import { OrchestratorClient } from './OrchestratorClient.ts'

type Recorded = { method: string; url: string }

/** A loopback server that records each request and answers with the next canned reply. */
async function startRecorder(): Promise<{ url: string; calls: Recorded[]; reply(status: number, body: string, type?: string): void; close(): Promise<void> }> {
  const app = Fastify({ logger: false })
  const calls: Recorded[] = []
  let next = { status: 200, body: '', type: 'application/json' }
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
  app.all('/*', async (request, reply) => {
    calls.push({ method: request.method, url: request.url })
    return reply.code(next.status).type(next.type).send(next.body)
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    reply: (status, body, type = 'application/json') => (next = { status, body, type }),
    close: () => app.close(),
  }
}

const ID = '6f1c1a0e-4b7a-4d8e-9a55-2f5b7f1f2a10'
const HASH = '11111111111111111111111111111111'

describe('SDK clients and service routes agree', () => {
  let recorder: Awaited<ReturnType<typeof startRecorder>>
  before(async () => (recorder = await startRecorder()))
  after(() => recorder.close())

  async function calledRoute(call: () => Promise<unknown>, status: number, body: string, type?: string): Promise<Recorded> {
    recorder.reply(status, body, type)
    const count = recorder.calls.length
    await call()
    assert.equal(recorder.calls.length, count + 1, 'one request per call')
    return recorder.calls[count]!
  }

  function assertCalls(table: Record<string, ClientRoute>, name: string, called: Recorded): void {
    const route = table[name]!
    assert.equal(called.method, route.method, `${name}: method`)
    assert.match(called.url, routePattern(route.path), `${name}: ${called.url} is not ${route.path}`)
  }

  test('each OrchestratorClient method calls the route of its table entry', async () => {
    const client = new OrchestratorClient(recorder.url, { token: 'x'.repeat(32) })
    const proposal = { solution: 'catalog:1', metadata: null }
    const signed = signIntent({ id: ID, templateId: HASH, signer: Ed25519Signer.generate() })
    const calls: Record<keyof typeof orchestratorClientRoutes, [() => Promise<unknown>, number, string, string?]> = {
      submitTemplate: [() => client.submitTemplate('name x'), 200, `{"template_id":"${HASH}"}`],
      validateTemplate: [() => client.validateTemplate('name x'), 200, ''],
      getTemplate: [() => client.getTemplate(HASH), 200, 'name x', 'text/plain'],
      deleteTemplate: [() => client.deleteTemplate(HASH), 200, ''],
      submitIntent: [() => client.submitIntent(signed), 200, ''],
      getIntent: [() => client.getIntent(ID), 200, JSON.stringify(signed)],
      getIntentStatus: [() => client.getIntentStatus(ID), 200, '{"status":"pending"}'],
      propose: [() => client.propose(ID, proposal), 200, ''],
      checkProposal: [() => client.checkProposal(ID, proposal), 200, '{"ok":true,"evidence":{}}'],
      getProof: [() => client.getProof(ID), 200, '{}'],
      getConfig: [() => client.getConfig(), 200, '{"evidence_extractor_url":""}'],
      setConfig: [() => client.setConfig({ evidence_extractor_url: '' }), 200, ''],
      events: [
        async () => {
          const events = client.events({ lastEventId: '0' })
          await events.next()
          await events.return(undefined)
        },
        200,
        `id: 1\nevent: expired\ndata: {"type":"expired","intent_id":"${ID}"}\n\n`,
        'text/event-stream',
      ],
    }
    for (const [name, [call, status, body, type]] of Object.entries(calls)) {
      assertCalls(orchestratorClientRoutes, name, await calledRoute(call, status, body, type))
    }
  })

  test('each DomainClient and ExtractorClient method calls the route of its table entry', async () => {
    const domain = new DomainClient(recorder.url)
    const state = '{"message":"m","state":"Proving"}'
    const calls: Record<keyof typeof domainClientRoutes, [() => Promise<unknown>, number, string]> = {
      getVault: [() => domain.getVault(HASH), 200, '{"balance":1,"shard":1}'],
      getFinalizedVault: [() => domain.getFinalizedVault(HASH), 200, '{"settlement":"base_layer"}'],
      nextNonce: [() => domain.nextNonce(HASH), 200, '1'],
      execute: [() => domain.execute([]), 200, '{"message":"m","applied":0}'],
      submit: [() => domain.submit([]), 200, '{"message":"m","applied":0}'],
      listSdls: [() => domain.listSdls({ offset: 0, limit: 5 }), 200, '[]'],
      listPayments: [() => domain.listPayments({ intentId: 'i-1' }), 200, '[]'],
      getSdl: [() => domain.getSdl(HASH), 200, '"Submitted"'],
      submitSdl: [() => domain.submitSdl(), 200, 'null'],
      proveSdl: [() => domain.proveSdl(HASH), 202, state],
      submitProof: [() => domain.submitProof(HASH), 200, state],
    }
    for (const [name, [call, status, body]] of Object.entries(calls)) assertCalls(domainClientRoutes, name, await calledRoute(call, status, body))
    const extractor = new ExtractorClient(recorder.url)
    const searched = await calledRoute(() => extractor.searchCatalog({ q: 'tee' }), 200, '{"results":[],"total":0,"truncated":false}')
    assertCalls(extractorClientRoutes, 'searchCatalog', searched)
  })
})

/**
 * The SDK's table as OpenAPI: a bare app on the shared HTTP edge with one route per entry (its
 * body and answer schemas), so both sides go through the same OpenAPI rendering.
 */
async function openApiOfTable(table: Record<string, ClientRoute>): Promise<any> {
  const app = Fastify({ logger: false })
  await app.register(httpEdge, {
    statusByCode: { INVALID_REQUEST: 400, BODY_TOO_LARGE: 413, UNSUPPORTED_MEDIA_TYPE: 415 },
    openApi: { info: { title: 'SDK route table', version: '0', description: 'what the SDK clients call' } },
  })
  for (const route of Object.values(table)) {
    const schema = { ...(route.body === undefined ? {} : { body: route.body }), ...(route.response === undefined ? {} : { response: { 200: route.response } }) }
    app.route({ method: route.method, url: route.path.replace(/\{([a-z_]+)\}/g, ':$1'), schema, handler: async () => null })
  }
  const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
  await app.close()
  return document
}

const bodyOf = (operation: any) => operation?.requestBody?.content?.['application/json']?.schema
const answerOf = (operation: any) => (Object.entries(operation?.responses ?? {}).find(([status]) => status.startsWith('2'))?.[1] as any)?.content?.['application/json']?.schema

async function assertDocumented(document: any, service: string, table: Record<string, ClientRoute>): Promise<void> {
  const sdk = await openApiOfTable(table)
  for (const [name, route] of Object.entries(table)) {
    const method = route.method.toLowerCase()
    const operation = document.paths[route.path]?.[method]
    assert.ok(operation, `${service}: ${name} calls ${route.method} ${route.path}, which ${service}'s /openapi.json does not have`)
    const expected = sdk.paths[route.path][method]
    if (route.body !== undefined) assert.deepEqual(bodyOf(operation), bodyOf(expected), `${service}: ${name}: the request body schema differs`)
    if (route.response !== undefined) assert.deepEqual(answerOf(operation), answerOf(expected), `${service}: ${name}: the answer schema differs`)
  }
}

describe("the SDK's route tables against each service's /openapi.json", () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'verity-agreement-'))
  const apps: FastifyInstance[] = []
  after(async () => {
    for (const app of apps) await app.close()
    rmSync(dataDir, { recursive: true, force: true })
  })
  const openApiOf = async (app: FastifyInstance) => {
    apps.push(app)
    const reply = await app.inject({ method: 'GET', url: '/openapi.json' })
    assert.equal(reply.statusCode, 200)
    return reply.json()
  }

  test('orchestrator', async () => {
    const store = new SqliteOrchestratorStore(dataDir)
    const app = await buildOrchestratorApp({ store, proving: createPolicyProving({ threads: 1 }), embeddedExtractor: null, settings: { logLevel: 'silent' } })
    app.addHook('onClose', async () => store.close())
    await assertDocumented(await openApiOf(app), 'orchestrator', orchestratorClientRoutes)
  })

  test('domain (as served while it starts)', async () => {
    await assertDocumented(await openApiOf(await buildDomainApp({ domain: deferredDomainApi().api, logLevel: 'silent' })), 'domain', domainClientRoutes)
  })

  test('extractor', async () => {
    await assertDocumented(await openApiOf(await buildExtractorApp({ logLevel: 'silent' })), 'extractor', extractorClientRoutes)
  })

  test('a route the SDK calls but the service lacks, or a body schema that differs, is caught', async () => {
    const document = { paths: { '/intents': { post: { requestBody: { content: { 'application/json': { schema: { type: 'object' } } } } } } } }
    await assert.rejects(assertDocumented(document, 'x', { a: { method: 'GET', path: '/intents' } }), /does not have/)
    await assert.rejects(assertDocumented(document, 'x', { a: { method: 'POST', path: '/intents', body: orchestratorClientRoutes.submitIntent.body } }), /request body schema differs/)
  })
})
