import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { after, before, describe, test } from 'node:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { agentKeyOfSigner, Ed25519Signer, SoftwarePasskey } from '@verity/core'
import { startOrchestrator, type RunningOrchestrator } from '@verity/orchestrator'
import { startStore, type RunningStore } from '@verity/store'
import { OrchestratorClient, signIntent } from '@verity/sdk'
import { RemoteBindRefusedError } from './errors/mcpErrors.ts'
import { serveHttp, type RunningMcpHttp } from './transports/serveHttp.ts'
import { callError, callOk, callTool, CLOTHING_TEMPLATE_PATH, README_INTENT_FIELDS } from './testing/startMcpDevnet.ts'
import type { ServeHttpOptions } from './transports/serveHttp.ts'

// The unhappy paths an agent meets, each a tool result with `isError` and the service's code:
// an unknown intent, an expired one, an orchestrator that cannot be reached, bad arguments, a
// result over the output limit. An orchestrator alone (intents expire after 300 ms); no proofs.

const INTENT_TTL_MS = 300

let dataDir: string
let orchestrator: RunningOrchestrator
let store: RunningStore
let closedUrl: string
const servers: RunningMcpHttp[] = []
const clients: Client[] = []

async function connect(options: Partial<ServeHttpOptions> = {}): Promise<Client> {
  const running = await serveHttp({ port: 0, orchestratorUrl: orchestrator.url, domainUrl: closedUrl, businessUrl: store.url, ...options })
  servers.push(running)
  const client = new Client({ name: 'test-agent', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL(running.url)))
  clients.push(client)
  return client
}

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'verity-mcp-errors-'))
  orchestrator = await startOrchestrator({ port: 0, host: '127.0.0.1', dataDir, intentTtlMs: INTENT_TTL_MS, expirySweepIntervalMs: 100, logLevel: 'silent' })
  store = await startStore({ port: 0, payeeKeyFile: join(dataDir, 'store.json'), stateDir: join(dataDir, 'store-state'), logLevel: 'silent' })
  // A loopback port nothing listens on: bound to port 0, then released.
  const probe = await serveHttp({ port: 0, orchestratorUrl: 'http://127.0.0.1:1', domainUrl: 'http://127.0.0.1:1' })
  closedUrl = new URL(probe.url).origin
  await probe.close()
})

after(async () => {
  for (const client of clients) await client.close()
  for (const server of servers) await server.close()
  await orchestrator?.close()
  await store?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('tool errors', { timeout: 120_000 }, () => {
  test('an unknown intent: each tool names it, with the orchestrator code and status', async () => {
    const client = await connect()
    const intentId = randomUUID()
    const notFound = await callError(client, 'get_intent', { intent_id: intentId })
    assert.deepEqual([notFound.code, notFound.status], ['INTENT_NOT_FOUND', 404])
    assert.match(notFound.message, new RegExp(intentId))
    assert.equal((await callError(client, 'check_solution', { intent_id: intentId, solution: 'catalog:tee-classic-white-m' })).code, 'INTENT_NOT_FOUND')
    assert.equal((await callError(client, 'propose_solution', { intent_id: intentId, solution: 'catalog:tee-classic-white-m' })).code, 'UNKNOWN_INTENT')
    assert.equal((await callError(client, 'wait_for_outcome', { intent_id: intentId, timeout_s: 1 })).code, 'INTENT_NOT_FOUND')
    assert.equal((await callError(client, 'get_proof', { intent_id: intentId })).code, 'PROOF_NOT_FOUND')
    assert.equal((await callError(client, 'verify_proof', {})).code, 'PROOF_SOURCE_INVALID')
  })

  test('an expired intent: no check, no proposal, and its outcome is "expired"', async () => {
    const client = await connect()
    const orchestratorClient = new OrchestratorClient(orchestrator.url)
    const templateId = await orchestratorClient.submitTemplate(readFileSync(CLOTHING_TEMPLATE_PATH, 'utf8'))
    const intentId = randomUUID()
    await orchestratorClient.submitIntent(signIntent({ id: intentId, templateId, fields: README_INTENT_FIELDS, signer: Ed25519Signer.generate() }))
    for (let polls = 0; (await orchestratorClient.getIntentStatus(intentId)) !== 'expired'; polls++) {
      assert.ok(polls < 300, 'the sweeper never expired the intent')
      await sleep(INTENT_TTL_MS / 3)
    }
    const checked = await callError(client, 'check_solution', { intent_id: intentId, solution: 'catalog:tee-classic-white-m' })
    assert.deepEqual([checked.code, checked.status], ['INTENT_EXPIRED', 409])
    assert.match(checked.message, /expired/)
    assert.equal((await callError(client, 'propose_solution', { intent_id: intentId, solution: 'catalog:tee-classic-white-m' })).code, 'INTENT_EXPIRED')
    assert.deepEqual(await callOk(client, 'wait_for_outcome', { intent_id: intentId }), { intent_id: intentId, status: 'expired', timed_out: false })
    assert.equal((await callOk(client, 'get_intent', { intent_id: intentId })).status, 'expired')
  })

  test('an orchestrator (or a business) that cannot be reached: SERVICE_UNREACHABLE naming the URL', async () => {
    const client = await connect({ orchestratorUrl: closedUrl, businessUrl: closedUrl })
    for (const [tool, args] of [
      ['get_intent', { intent_id: randomUUID() }],
      ['search_catalog', { query: 'tee' }],
      ['wait_for_outcome', { intent_id: randomUUID(), timeout_s: 2 }],
      ['get_vault', { owner_id: Ed25519Signer.generate().ownerId }],
    ] as const) {
      const failure = await callError(client, tool, args)
      assert.equal(failure.code, 'SERVICE_UNREACHABLE', tool)
      assert.match(failure.message, new RegExp(`cannot reach ${closedUrl.replace(/\./g, '\\.')}`), tool)
    }
  })

  test('checkout with a passkey server key: MANDATE_SIGNER_UNSUPPORTED before the business is called or the intent spent; a passkey-signed intent passes the check', async () => {
    const orchestratorClient = new OrchestratorClient(orchestrator.url)
    const templateId = await orchestratorClient.submitTemplate(readFileSync(CLOTHING_TEMPLATE_PATH, 'utf8'))
    const agent = Ed25519Signer.generate()
    const agentKey = join(dataDir, 'checkout-agent.json')
    agent.toKeyFile(agentKey)
    const passkeyKey = join(dataDir, 'checkout-passkey.json')
    SoftwarePasskey.generate().toKeyFile(passkeyKey)
    const intentId = randomUUID()
    await orchestratorClient.submitIntent(signIntent({ id: intentId, templateId, fields: README_INTENT_FIELDS, signer: SoftwarePasskey.generate(), agents: [agentKeyOfSigner(agent)] }))
    // The business is a port nothing listens on: reaching it would answer SERVICE_UNREACHABLE instead.
    const args = { intent_id: intentId, business: closedUrl, items: [{ id: 'tee-classic-white-m', quantity: 1 }] }
    // The signed intent is the user's authority, whatever signed it: the checkout goes on, to the business (unreachable here).
    const byIntent = await callError(await connect({ keyPath: agentKey }), 'checkout', args)
    assert.equal(byIntent.code, 'SERVICE_UNREACHABLE', byIntent.message)
    const byServerKey = await callError(await connect({ keyPath: passkeyKey }), 'checkout', args)
    assert.equal(byServerKey.code, 'MANDATE_SIGNER_UNSUPPORTED', byServerKey.message)
    assert.match(byServerKey.message, /the agent key .* is a passkey/)
    // Not proposed: pending, or expired by this orchestrator's short TTL (a proposal would show proving, failure or success).
    assert.ok(['pending', 'expired'].includes(await orchestratorClient.getIntentStatus(intentId)))
  })

  test('arguments that break the schema are refused before anything is called', async () => {
    const client = await connect()
    const result = await callTool(client, 'get_intent', { intent_id: 'not-a-uuid' })
    assert.equal(result.isError, true)
    assert.match(JSON.stringify(result.content), /intent_id/)
    const limit = await callTool(client, 'search_catalog', { limit: 1_000 })
    assert.equal(limit.isError, true)
    assert.match(JSON.stringify(limit.content), /limit/)
  })

  test('a result over the output limit is refused with a hint, not truncated', async () => {
    const client = await connect({ limits: { toolOutputBytesMax: 200 } })
    const tooLarge = await callError(client, 'search_catalog', { category: 't-shirt' })
    assert.equal(tooLarge.code, 'TOOL_OUTPUT_TOO_LARGE')
    assert.match(tooLarge.message, /more than the limit of 200; narrow the filters or lower `limit`/)
  })

  test('--http listens on loopback only, unless told otherwise; requests without a session are refused', async () => {
    await assert.rejects(serveHttp({ port: 0, host: '0.0.0.0', orchestratorUrl: orchestrator.url, domainUrl: closedUrl }), RemoteBindRefusedError)
    const running = await serveHttp({ port: 0, orchestratorUrl: orchestrator.url, domainUrl: closedUrl })
    servers.push(running)
    const response = await fetch(running.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    })
    assert.equal(response.status, 400)
    assert.match(await response.text(), /initialize/)
  })
})
