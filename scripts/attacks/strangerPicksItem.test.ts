// Attack (issue 42, attack 3): a stranger picks what the user's payable intent buys.
// Attacker: a stranger who knows the id of a user's payable intent, and runs a UCP business of
// their own.
// Attack: the user's intent is bound only by `allowed_payees` (the real store's vault). The
// stranger's business sells a tee at 3,999 (one the real store never sold) and names the real
// store's vault as its payee; the stranger proposes it first. Before the fix the proposal proved,
// the intent paid 3,999 into the store's vault, and no order existed anywhere.
// Expected: the intent cannot even be created without agents (400 PAYABLE_INTENT_UNBOUND, saying to
// name the agent); once it names its agent, the stranger's proposal (unsigned, or signed by a key
// the intent does not name) is refused before anything is used up: the intent stays pending, no
// money moves, and the named agent can still check and propose. On the whole devnet (startStack).
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { agentKeyOfSigner, Ed25519Signer } from '@verity/core'
import { DomainClient, OrchestratorClient, signIntent, signProposal } from '@verity/sdk'
import { startStore, type RunningStore } from '@verity/store'
import { startStack, type RunningStack } from '../../packages/cli/src/services/startStack.ts'

const TEMPLATE = readFileSync(new URL('../../packages/policy/examples/payable-store.template', import.meta.url), 'utf8')
const DEMO_CATALOG = new URL('../../packages/store/catalog/demo.json', import.meta.url)
/** The stranger's tee: a price and an id the real store never had. */
const STRANGER_PRICE_CENTS = 3_999
const STRANGER_VARIANT = 'stranger-tee-white-m'

/** A free loopback port, so the devnet's extractor may fetch the stranger's business there. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** The stranger's catalog: the demo's white M tee, renamed, at 3,999. */
function strangerCatalog(path: string): void {
  const [tee] = JSON.parse(readFileSync(DEMO_CATALOG, 'utf8')) as Record<string, any>[]
  const variant = tee!.variants.find((candidate: { id: string }) => candidate.id === 'tee-classic-white-m')
  const price = { amount: STRANGER_PRICE_CENTS, currency: 'USD' }
  const product = { ...tee, id: 'stranger-tee', handle: 'stranger-tee', price_range: { min: price, max: price }, variants: [{ ...variant, id: STRANGER_VARIANT, sku: 'STRANGER-TEE', price }] }
  writeFileSync(path, JSON.stringify([product]))
}

describe('attack: a stranger picks the item of a payable intent bound only by allowed_payees', { timeout: 600_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-attack-stranger-item-'))
  const user = Ed25519Signer.generate()
  const agent = Ed25519Signer.generate()
  const stranger = Ed25519Signer.generate()
  let stack: RunningStack
  let strangerStore: RunningStore
  let orchestrator: OrchestratorClient
  let templateId: string
  let storeVault: string

  before(async () => {
    const strangerPort = await freePort()
    stack = await startStack({ dataDir: join(dir, 'devnet'), ports: { baseLayer: 0, extractor: 0, orchestrator: 0, domain: 0, store: 0 }, store: true, logLevel: 'silent', storefrontPrivateAddressesAllowed: [`127.0.0.1:${strangerPort}`] })
    storeVault = stack.store!.payee.address
    strangerCatalog(join(dir, 'stranger-catalog.json'))
    strangerStore = await startStore({
      port: strangerPort,
      catalogPath: join(dir, 'stranger-catalog.json'),
      payee: storeVault,
      payeeToken: stack.devnetDollar.token,
      stateDir: join(dir, 'stranger-store'),
      payeeKeyFile: join(dir, 'stranger-store', 'payee.json'),
      logLevel: 'silent',
    })
    orchestrator = new OrchestratorClient(stack.orchestrator.url)
    templateId = await orchestrator.submitTemplate(TEMPLATE)
  })
  after(async () => {
    await strangerStore?.close()
    await stack?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const fields = () => ({ acceptable_categories: ['t-shirt'], size: 'Medium (M)', max_price_cents: 5_000, payment_token: stack.devnetDollar.token, payment_deadline_ms: Date.now() + 3_600_000, allowed_payees: [storeVault] })
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${stack.orchestrator.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const text = await response.text()
    return { status: response.status, json: (text === '' ? {} : JSON.parse(text)) as Record<string, any> }
  }
  const vaultBalance = async () => {
    const vault = await new DomainClient(stack.domain.url).getVault(storeVault.split(',')[0]!)
    return BigInt((vault as any)?.data?.TokenHoldings?.fungibles?.[stack.devnetDollar.token] ?? 0)
  }

  test('an intent bound only by allowed_payees cannot be created: name the agent', async () => {
    const refused = await post('/intents', signIntent({ id: randomUUID(), templateId, fields: fields(), signer: user }))
    assert.equal(refused.status, 400, JSON.stringify(refused.json))
    assert.equal(refused.json.code, 'PAYABLE_INTENT_UNBOUND')
    assert.match(refused.json.message, /name the agent/)
    assert.match(refused.json.message, /verity intent create --agent KEY/)
  })

  test("with its agent named, the stranger's own product naming the store's vault is refused before anything is used up", async () => {
    const id = randomUUID()
    const signedIntent = signIntent({ id, templateId, fields: fields(), signer: user, agents: [agentKeyOfSigner(agent)] })
    assert.equal((await post('/intents', signedIntent)).status, 200)
    const before = await vaultBalance()
    const proposal = { solution: STRANGER_VARIANT, metadata: { business: strangerStore.url } }
    // The stranger's product satisfies every constraint of the intent: only who proposes is wrong.
    const own = await post(`/intents/${id}/check`, signProposal({ agent, orchestratorUrl: stack.orchestrator.url, signedIntent, ...proposal, action: 'check' }))
    assert.equal(own.json.ok, true, JSON.stringify(own.json))
    assert.equal(own.json.evidence.price_cents, STRANGER_PRICE_CENTS)
    assert.equal(own.json.evidence.payee, storeVault)
    const refusals = [
      [await post(`/intents/${id}/proposal`, proposal), 401, 'AGENT_SIGNATURE_REQUIRED'],
      [await post(`/intents/${id}/proposal`, signProposal({ agent: stranger, orchestratorUrl: stack.orchestrator.url, signedIntent, ...proposal })), 403, 'AGENT_NOT_NAMED'],
    ] as const
    for (const [answer, status, code] of refusals) {
      assert.equal(answer.status, status, JSON.stringify(answer.json))
      assert.equal(answer.json.code, code)
    }
    assert.equal(await orchestrator.getIntentStatus(id), 'pending', "the stranger's attempts used nothing up")
    assert.equal(await vaultBalance(), before, 'no money moved')
    // The user's agent still chooses: its proposal of the real store's tee is accepted.
    const real = { solution: 'tee-classic-white-m', metadata: { business: stack.store!.url } }
    const accepted = await post(`/intents/${id}/proposal`, signProposal({ agent, orchestratorUrl: stack.orchestrator.url, signedIntent, ...real }))
    assert.equal(accepted.status, 200, JSON.stringify(accepted.json))
  })
})
