import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { Ed25519Signer } from '@verity/core'
import { createPolicyProving, startOrchestrator, type PolicyProving, type RunningOrchestrator } from '@verity/orchestrator'
import { compileTemplate } from '@verity/policy'
import { OrchestratorClient, savedOpeningPath, sealIntent, writeSavedOpening } from '@verity/sdk'
import { callError, callOk } from '../testing/startMcpDevnet.ts'
import { serveHttp, type RunningMcpHttp } from '../transports/serveHttp.ts'
import { withOpeningValues } from './sealedOpening.ts'
import { withFailureWords } from './failureWords.ts'
import { standaloneToken } from '../../../core/src/testing/standaloneToken.ts'

const TEMPLATE = `name sealed_mcp_guard
intent {
  max_price_cents: int
  size: string
}
evidence {
  price_cents: int
  size: string
}
requires {
  evidence.price_cents <= intent.max_price_cents;
  evidence.size == intent.size;
}
`

// A sealed intent shows its attrs to an agent only when the user handed over its opening.
describe('MCP and sealed intents', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-mcp-sealed-'))
  const openings = join(dir, 'openings')
  let orchestrator: RunningOrchestrator
  let proving: PolicyProving
  const servers: RunningMcpHttp[] = []
  const clients: Client[] = []
  let intentId: string

  async function connect(openingsDir: string | undefined): Promise<Client> {
    const running = await serveHttp({ port: 0, orchestratorUrl: orchestrator.url, domainUrl: 'http://127.0.0.1:9', ...(openingsDir === undefined ? {} : { openingsDir }) })
    servers.push(running)
    const client = new Client({ name: 'test-agent', version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(new URL(running.url)))
    clients.push(client)
    return client
  }

  before(async () => {
    proving = createPolicyProving({ threads: 1 })
    // Nothing is proven here: no warm-up (the prover's workers start only for a proof).
    orchestrator = await startOrchestrator({ port: 0, host: '127.0.0.1', dataDir: join(dir, 'orchestrator'), logLevel: 'silent', proving: { ...proving, warmUp: async () => {} }, embeddedExtractor: null })
    const client = new OrchestratorClient(orchestrator.url)
    const templateId = await client.submitTemplate(TEMPLATE)
    intentId = randomUUID()
    const { body, opening } = await sealIntent({ id: intentId, compiled: compileTemplate(TEMPLATE), fields: { max_price_cents: 2345, size: 'L' }, signer: Ed25519Signer.generate() })
    await client.submitIntent(body)
    writeSavedOpening({ intent_id: intentId, template_id: templateId, template_source: TEMPLATE, opening }, savedOpeningPath(openings, intentId))
  })
  after(async () => {
    for (const client of clients) await client.close()
    for (const server of servers) await server.close()
    await orchestrator?.close()
    await proving?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test('get_intent: the user\'s values with the opening, the disclosed ones (none) without', async () => {
    const handed = await callOk(await connect(openings), 'get_intent', { intent_id: intentId })
    assert.deepEqual(handed.attrs, { max_price_cents: 2345, size: 'L' })
    assert.deepEqual(handed.sealed, { attrs: 'opening' })
    assert.match(JSON.stringify(handed.constraints), /price ≤ \$23\.45/)
    const blind = await callOk(await connect(undefined), 'get_intent', { intent_id: intentId })
    assert.deepEqual(blind.attrs, {})
    assert.deepEqual(blind.sealed, { attrs: 'disclosed' })
    assert.doesNotMatch(JSON.stringify(blind), standaloneToken(2345))
  })

  test('check_solution of a sealed intent that names no agents: refused with its code and what to do, even with the opening', async () => {
    for (const client of [await connect(openings), await connect(undefined)]) {
      const refused = await callError(client, 'check_solution', { intent_id: intentId, solution: 'tee-l', business: 'http://127.0.0.1:9' })
      assert.deepEqual([refused.code, refused.status], ['SEALED_CHECK_UNAUTHORIZED', 403])
      assert.match(refused.message, /is sealed and names no agents: .* name the agents in the sealed intent/)
      assert.doesNotMatch(JSON.stringify(refused), standaloneToken(2345))
    }
  })

  test('a failure of a sealed intent comes back with its values when the agent holds the opening', () => {
    const failure = {
      status: 'failure',
      evidence: { price_cents: 2400, size: 'L' },
      constraint_failures: [{ index: 0, pretty_expr: 'evidence.price_cents <= intent.max_price_cents', reason: 'evidence.price_cents <= intent.max_price_cents evaluated to false (values withheld: the intent is sealed)' }],
    }
    const explained = withOpeningValues({ openingsDir: openings }, intentId, failure)
    assert.match(explained.constraint_failures[0]!.reason, /intent\.max_price_cents = 2345/)
    assert.deepEqual(withOpeningValues({}, intentId, failure), failure)
    assert.deepEqual(withOpeningValues({ openingsDir: openings }, randomUUID(), failure), failure)
  })

  test('a failed constraint reads in words, money as money, when the values are at hand (issue 44)', async () => {
    const failure = {
      status: 'failure',
      evidence: { price_cents: 2400, size: 'L' },
      constraint_failures: [{ index: 0, pretty_expr: 'evidence.price_cents <= intent.max_price_cents', reason: 'evidence.price_cents <= intent.max_price_cents evaluated to false (values withheld: the intent is sealed)' }],
    }
    const deps = { openingsDir: openings, orchestrator: new OrchestratorClient(orchestrator.url) }
    const worded = await withFailureWords(deps, intentId, failure)
    assert.equal((worded.constraint_failures[0] as { in_words?: string }).in_words, 'Price: $24.00, above your $23.45 cap')
    assert.equal(worded.constraint_failures[0]!.reason, failure.constraint_failures[0]!.reason)
    // Without the opening, a sealed intent's values are not at hand: the failure is left as it was.
    assert.deepEqual(await withFailureWords({ orchestrator: deps.orchestrator }, intentId, failure), failure)
  })
})
