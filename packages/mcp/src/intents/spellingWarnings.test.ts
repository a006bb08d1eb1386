// get_intent tells the agent which of the user's values the default business spells no way (issue
// 44 item 1): `size: "M"` where the demo store sells "Medium (M)" can match no product of it, so the
// agent says so instead of proposing. A devnet in this process with its demo store; no proofs.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { Ed25519Signer } from '@verity/core'
import { signIntent } from '@verity/sdk'
import { callOk, README_INTENT_FIELDS, startMcpDevnet, type McpDevnet } from '../testing/startMcpDevnet.ts'
import { serveHttp, type RunningMcpHttp } from '../transports/serveHttp.ts'

let devnet: McpDevnet
let mcp: RunningMcpHttp
let client: Client

before(async () => {
  devnet = await startMcpDevnet()
  mcp = await serveHttp({ port: 0, orchestratorUrl: devnet.stack.orchestrator.url, domainUrl: devnet.stack.domain.url, businessUrl: devnet.stack.store!.url })
  client = new Client({ name: 'test-agent', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url)))
})

after(async () => {
  await client?.close()
  await mcp?.close()
  await devnet?.close()
})

describe('get_intent: values the business spells no way', { timeout: 120_000 }, () => {
  test('size "M" is named with the spelling the store has; the README intent has no warning', async () => {
    const id = randomUUID()
    await devnet.orchestrator.submitIntent(signIntent({ id, templateId: devnet.templateId, fields: { ...README_INTENT_FIELDS, size: 'M' }, signer: Ed25519Signer.generate() }))
    const view = await callOk(client, 'get_intent', { intent_id: id })
    assert.deepEqual(
      view.spelling_warnings.map((warning: { field: string; value: string; closest?: string }) => [warning.field, warning.value, warning.closest]),
      [['size', 'M', 'Medium (M)']],
    )
    assert.match(view.spelling_warnings[0].message, /^size "M": http:\/\/127\.0\.0\.1:\d+ spells no size that way, so a proposal from it would fail; did you mean "Medium \(M\)"\?/)
    const spelled = await callOk(client, 'get_intent', { intent_id: await devnet.createIntent() })
    assert.deepEqual(spelled.spelling_warnings, [])
  })

  test("in_words reads money as money (issue 44); the raw cents stay in attrs", async () => {
    const view = await callOk(client, 'get_intent', { intent_id: await devnet.createIntent() })
    const words = view.constraints.map((constraint: { in_words: string }) => constraint.in_words)
    assert.ok(words.includes('price ≤ $25.00'), words.join('\n'))
    assert.ok(words.includes('category is one of "t-shirt", "polo"'), words.join('\n'))
    assert.equal(view.attrs.max_price_cents, 2500)
  })
})
