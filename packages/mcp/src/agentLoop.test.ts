import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { agentKeyOfSigner, Ed25519Signer, formatAddress } from '@verity/core'
import { signVerifiable } from '@verity/ledger'
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { DomainClient, signIntent } from '@verity/sdk'
import { serveHttp, type RunningMcpHttp } from './transports/serveHttp.ts'
import { callError, callOk, startMcpDevnet, VERITY_BIN, type McpDevnet } from './testing/startMcpDevnet.ts'

// An agent drives `verity mcp` with the MCP SDK's own Client against a real devnet (orchestrator
// with its embedded extractor, domain, base layer, the demo store as the UCP business it shops
// at): over Streamable HTTP (in process) and over stdio (the `verity mcp` command in a child
// process). One real policy proof per transport.

const PAYABLE_TEMPLATE_PATH = fileURLToPath(new URL('../../policy/examples/payable-clothing.template', import.meta.url))
const CHECKOUT_TEMPLATE_PATH = fileURLToPath(new URL('../../policy/examples/payable-checkout.template', import.meta.url))
const TOOLS = ['check_solution', 'checkout', 'get_intent', 'get_proof', 'get_sdl', 'get_vault', 'pay', 'propose_solution', 'search_catalog', 'transfer', 'verify_proof', 'wait_for_outcome']

let devnet: McpDevnet
let http: RunningMcpHttp
let httpClient: Client
let stdioClient: Client
const store = () => devnet.stack.store!.url

before(async () => {
  devnet = await startMcpDevnet()
  http = await serveHttp({ port: 0, orchestratorUrl: devnet.stack.orchestrator.url, domainUrl: devnet.stack.domain.url, businessUrl: store(), keyPath: devnet.stack.operatorKeyPath })
  httpClient = new Client({ name: 'test-agent', version: '1.0.0' })
  await httpClient.connect(new StreamableHTTPClientTransport(new URL(http.url)))
  stdioClient = new Client({ name: 'test-agent', version: '1.0.0' })
  await stdioClient.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [VERITY_BIN, 'mcp', '--orchestrator', devnet.stack.orchestrator.url, '--domain', devnet.stack.domain.url, '--business', store()],
      env: { ...(process.env as Record<string, string>), VERITY_LOG_LEVEL: 'silent' },
      stderr: 'pipe',
    }),
  )
})

after(async () => {
  await httpClient?.close()
  await stdioClient?.close()
  await http?.close()
  await devnet?.close()
})

/** The loop of the shop_within_intent prompt: read, search, check a failing and a passing candidate, propose, wait, verify. */
async function shopWithinIntent(client: Client, intentId: string): Promise<void> {
  const intent = await callOk(client, 'get_intent', { intent_id: intentId })
  assert.equal(intent.status, 'pending')
  assert.equal(intent.template_name, 'clothing_purchase_guard')
  const words = intent.constraints.map((constraint: { in_words: string }) => constraint.in_words)
  assert.ok(words.includes('category is one of "t-shirt", "polo"'), words.join('\n'))
  assert.ok(words.includes('price ≤ $25.00'), words.join('\n'))
  assert.ok(words.includes('size is "Medium (M)"'), words.join('\n'))
  assert.equal(intent.constraints.find((constraint: { index: number }) => constraint.index === 6).applies, false, 'no brands were given')

  // The demo store through UCP catalog search; each hit says what to propose and where it is from.
  const found = await callOk(client, 'search_catalog', { category: ['t-shirt', 'polo'], options: { Size: 'Medium (M)', Color: 'White' }, attributes: { audience: 'unisex' }, price_cents_max: 2500 })
  assert.deepEqual(found.results.map((hit: { solution: string; metadata: unknown }) => [hit.solution, hit.metadata]), [['tee-classic-white-m', { business: store() }]])
  assert.equal(found.business, store())
  const hit = found.results[0]
  assert.deepEqual([hit.price_cents, hit.options.Size, hit.attributes.Fabric], [1999, 'Medium (M)', 'Cotton'])

  const failing = await callOk(client, 'check_solution', { intent_id: intentId, solution: 'polo-pique-navy-m', business: store() })
  assert.equal(failing.ok, false)
  assert.deepEqual(failing.constraint_failures.map((failure: { index: number }) => failure.index), [3, 4, 5])
  assert.match(failing.constraint_failures[1].reason, /evidence\.price_cents = 3499/)
  assert.match(failing.constraint_failures[2].reason, /"Navy"/)
  assert.deepEqual(
    failing.constraint_failures.map((failure: { in_words: string }) => failure.in_words),
    ['Audience: "men", not the "unisex" you asked for', 'Price: $34.99, above your $25.00 cap', 'Color: "Navy", not one of "White"'],
  )
  assert.equal(failing.evidence.color, 'Navy')

  const passing = await callOk(client, 'check_solution', { intent_id: intentId, solution: hit.solution, metadata: hit.metadata })
  assert.deepEqual(passing, { ok: true, evidence: passing.evidence })
  assert.equal(passing.evidence.price_cents, 1999)

  // The checks used nothing up: the intent's one proposal still goes through.
  const proposed = await callOk(client, 'propose_solution', { intent_id: intentId, solution: hit.solution, business: store(), wait: true, timeout_s: 300 })
  assert.equal(proposed.accepted, true)
  assert.equal(proposed.outcome.status, 'success', JSON.stringify(proposed.outcome))
  assert.equal(proposed.outcome.evidence.color, 'White')
  assert.deepEqual(proposed.outcome.proposal, { solution: 'tee-classic-white-m', metadata: { business: store() } })

  const again = await callOk(client, 'wait_for_outcome', { intent_id: intentId })
  assert.equal(again.status, 'success')
  assert.equal(again.timed_out, false)
  assert.equal((await callError(client, 'propose_solution', { intent_id: intentId, solution: 'catalog:tee-classic-white-m' })).code, 'PROPOSAL_EXISTS')
  assert.equal((await callError(client, 'check_solution', { intent_id: intentId, solution: 'catalog:tee-classic-white-m' })).code, 'PROPOSAL_EXISTS')

  const verified = await callOk(client, 'verify_proof', { intent_id: intentId })
  assert.equal(verified.valid, true, verified.reason)
  assert.equal(verified.intent_id, intentId)
  assert.equal(verified.solution, 'tee-classic-white-m')
  assert.equal(verified.crs, 'ignition')
  // Who vouched for the evidence, as verity verify says it: the devnet's extractor, from what it read at the store.
  assert.match(verified.vouched_by.in_words, /^extractor \w+, at \d{4}-\d\d-\d\dT[\d:.]+Z, from http:\/\/127\.0\.0\.1:\d+\/\.well-known\/ucp, /)
  assert.equal(typeof verified.vouched_by.extractor_key, 'string')
  assert.equal(verified.checks_passed.length, 6)
}

describe('an agent shops within a signed intent', { timeout: 600_000 }, () => {
  test('over Streamable HTTP, with a resource-updated notification when the intent changes', async () => {
    assert.deepEqual((await httpClient.listTools()).tools.map((tool) => tool.name).sort(), TOOLS)
    const intentId = await devnet.createIntent()
    const updates: string[] = []
    httpClient.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => void updates.push(notification.params.uri))
    await httpClient.subscribeResource({ uri: `verity://intents/${intentId}` })
    await shopWithinIntent(httpClient, intentId)
    assert.ok(updates.includes(`verity://intents/${intentId}`), `notifications: ${JSON.stringify(updates)}`)
    const resource = await httpClient.readResource({ uri: `verity://intents/${intentId}` })
    assert.equal(JSON.parse((resource.contents[0] as { text: string }).text).status, 'success')
  })

  test('over stdio, through the `verity mcp` command', async () => {
    assert.deepEqual((await stdioClient.listTools()).tools.map((tool) => tool.name).sort(), TOOLS)
    await shopWithinIntent(stdioClient, await devnet.createIntent())
  })

  test('the prompt shop_within_intent walks get_intent → search → check → propose → verify', async () => {
    const prompt = await stdioClient.getPrompt({ name: 'shop_within_intent', arguments: { intent_id: 'abc' } })
    const text = (prompt.messages[0]?.content as { text: string }).text
    const order = ['get_intent', 'search_catalog', 'check_solution', 'propose_solution', 'verify_proof'].map((tool) => text.indexOf(tool))
    assert.ok(order.every((position, index) => position >= 0 && (index === 0 || position > order[index - 1]!)), text)
  })
})

describe('an agent pays with the proof of a payable intent', { timeout: 600_000 }, () => {
  test('pay: the proven price from the user to the store, once; a pending intent has nothing to pay with', async () => {
    const user = Ed25519Signer.generate()
    // The Devnet Dollar: the token the demo store's payment handler accepts.
    const usd = Ed25519Signer.fromKeyFile(devnet.stack.devnetDollar.keyPath)
    const token = devnet.stack.devnetDollar.token
    const domain = new DomainClient(devnet.stack.domain.url)
    const operation = { Create: { metadata: { name: 'Devnet Dollar', symbol: 'USD' }, credited: [{ address: formatAddress(user.ownerId, 1), amount: 10_000n }] } }
    await domain.execute([signVerifiable(usd, 'FungibleTokenMint', { new_nonce: 1n, shard: 1, operation })])
    const templateId = await devnet.orchestrator.submitTemplate(readFileSync(PAYABLE_TEMPLATE_PATH, 'utf8'))
    const fields = { acceptable_categories: ['t-shirt'], size: 'Medium (M)', max_price_cents: 2500, payment_token: token, payment_deadline_ms: Date.now() + 3_600_000 }
    const intentId = randomUUID()
    // Every payable intent names its agent: this server's --key (issue 42).
    const agent = Ed25519Signer.fromKeyFile(devnet.stack.operatorKeyPath)
    await devnet.orchestrator.submitIntent(signIntent({ id: intentId, templateId, fields, signer: user, agents: [agentKeyOfSigner(agent)] }))
    assert.equal((await callError(httpClient, 'pay', { intent_id: intentId })).code, 'PROOF_NOT_FOUND')
    // An intent bound to another agent: this server's signed proposal is refused, and nothing is used up.
    const elsewhere = randomUUID()
    await devnet.orchestrator.submitIntent(signIntent({ id: elsewhere, templateId, fields, signer: user, agents: [agentKeyOfSigner(Ed25519Signer.generate())] }))
    assert.equal((await callError(httpClient, 'propose_solution', { intent_id: elsewhere, solution: 'tee-classic-white-m', business: store() })).code, 'AGENT_NOT_NAMED')
    assert.equal((await devnet.orchestrator.getIntentStatus(elsewhere)), 'pending')

    const proposed = await callOk(httpClient, 'propose_solution', { intent_id: intentId, solution: 'tee-classic-white-m', business: store(), wait: true, timeout_s: 300 })
    assert.equal(proposed.outcome.status, 'success', JSON.stringify(proposed.outcome))
    const payee = proposed.outcome.evidence.payee as string
    const paid = await callOk(stdioClient, 'pay', { intent_id: intentId })
    assert.deepEqual(paid, { intent_id: intentId, from: formatAddress(user.ownerId, 1), to: payee, token, amount: '1999', amount_shown: '$19.99 USD', token_name: 'Devnet Dollar (USD)', applied: 1 })
    const again = await callError(httpClient, 'pay', { intent_id: intentId })
    assert.deepEqual([again.code, again.status], ['MANDATE_ALREADY_PAID', 409])
    const storeVault = await domain.getVault(payee.split(',')[0]!)
    assert.deepEqual(storeVault?.data, { TokenHoldings: { fungibles: { [token]: 1999n }, nfts: {} } })
  })
})

describe('checkout', { timeout: 600_000 }, () => {
  test('buys the proven tee at the store: the session proven, the total paid by the mandate payment, the order placed', async () => {
    const user = Ed25519Signer.generate()
    const usd = Ed25519Signer.fromKeyFile(devnet.stack.devnetDollar.keyPath)
    const token = devnet.stack.devnetDollar.token
    const domain = new DomainClient(devnet.stack.domain.url)
    // The pay test may have created the Devnet Dollar already: then its issuer increases the supply.
    const nonce = await domain.nextNonce(usd.ownerId)
    const credited = [{ address: formatAddress(user.ownerId, 1), amount: 10_000n }]
    const operation = nonce === 1n ? { Create: { metadata: { name: 'Devnet Dollar', symbol: 'USD' }, credited } } : { IncreaseSupply: { credited } }
    await domain.execute([signVerifiable(usd, 'FungibleTokenMint', { new_nonce: nonce, shard: 1, operation })])
    const templateId = await devnet.orchestrator.submitTemplate(readFileSync(CHECKOUT_TEMPLATE_PATH, 'utf8'))
    const payee = devnet.stack.store!.payee.address
    const fields = { acceptable_categories: ['t-shirt'], size: 'Medium (M)', max_price_cents: 4000, payment_token: token, payment_deadline_ms: Date.now() + 3_600_000, allowed_payees: [payee] }
    const intentId = randomUUID()
    // A payable intent names its agent (this server's key), which proposes the checkout and signs the mandates.
    const agent = Ed25519Signer.fromKeyFile(devnet.stack.operatorKeyPath)
    const signed = signIntent({ id: intentId, templateId, fields, signer: user, agents: [agentKeyOfSigner(agent)] })
    await devnet.orchestrator.submitIntent(signed)
    const destination = { street_address: '1 Main St', address_locality: 'Springfield', address_region: 'IL', postal_code: '62704', address_country: 'US' }
    const bought = await callOk(httpClient, 'checkout', { intent_id: intentId, items: [{ id: 'tee-classic-white-m', quantity: 1 }], buyer: { email: 'ada@example.com' }, destination })
    assert.equal(bought.status, 'completed')
    assert.equal(bought.amount, '2499')
    assert.equal(bought.amount_shown, '$24.99 USD')
    assert.equal(bought.payee, payee)
    assert.match(bought.order_url, new RegExp(`^${store()}/orders/`))
    const vault = await domain.getVault(user.ownerId)
    assert.equal((vault?.data as { TokenHoldings: { fungibles: Record<string, bigint> } }).TokenHoldings.fungibles[token], 10_000n - 2499n)
  })
})

describe('domain tools', { timeout: 120_000 }, () => {
  const operator = () => Ed25519Signer.fromKeyFile(devnet.stack.operatorKeyPath)
  const issuer = Ed25519Signer.generate()
  const token = () => formatAddress(issuer.ownerId, 1)

  before(async () => {
    // An issuer mints a token to the agent's vault (the operator key), as the README tour does.
    const domain = new DomainClient(devnet.stack.domain.url)
    const operation = { Create: { metadata: { name: 'Demo Dollar', symbol: 'DMD' }, credited: [{ address: formatAddress(operator().ownerId, 1), amount: 10_000n }] } }
    await domain.execute([signVerifiable(issuer, 'FungibleTokenMint', { new_nonce: await domain.nextNonce(issuer.ownerId), shard: 1, operation })])
  })

  test("a transfer signed with the agent's key, seen in both vaults and in the nonce", async () => {
    const alice = Ed25519Signer.generate()
    const before = await callOk(httpClient, 'get_vault', {})
    assert.equal(before.owner_id, operator().ownerId)
    const sent = await callOk(httpClient, 'transfer', { to: formatAddress(alice.ownerId, 1), token: token(), amount: 1_234 })
    assert.deepEqual(sent, { from: formatAddress(operator().ownerId, 1), to: formatAddress(alice.ownerId, 1), token: token(), amount: '1234', amount_shown: '1,234 minor units of DMD', nonce: before.next_nonce, applied: 1 })
    const aliceVault = await callOk(httpClient, 'get_vault', { owner_id: alice.ownerId })
    assert.equal(aliceVault.exists, true)
    assert.match(JSON.stringify(aliceVault.vault), /1234/)
    assert.equal((await callOk(httpClient, 'get_vault', {})).next_nonce, before.next_nonce + 1)
    assert.deepEqual((await callOk(httpClient, 'get_sdl', {})).sdls, [])
  })

  test("a broken rule comes back as a tool error with the domain's code; no key, no transfer", async () => {
    const alice = Ed25519Signer.generate()
    const overdraft = await callError(httpClient, 'transfer', { to: formatAddress(alice.ownerId, 1), token: token(), amount: '99999' })
    assert.deepEqual([overdraft.code, overdraft.status], ['OVERDRAFT', 400])
    assert.match(overdraft.message, /exceeds balance/)
    assert.equal((await callError(stdioClient, 'transfer', { to: formatAddress(alice.ownerId, 1), amount: 1 })).code, 'AGENT_KEY_MISSING')
    assert.equal((await callOk(stdioClient, 'get_vault', { owner_id: alice.ownerId })).exists, false)
    assert.equal((await callError(httpClient, 'transfer', { to: formatAddress(alice.ownerId, 1), amount: 1, nfts: [1] })).code, 'INVALID_ARGUMENTS')
    assert.match((await callError(httpClient, 'transfer', { to: 'not-an-address', amount: 1 })).message, /address/i)
  })
})
