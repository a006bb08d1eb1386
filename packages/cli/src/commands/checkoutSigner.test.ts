// `verity checkout` refuses, before it opens a session at the business or spends the intent's one
// proposal, what could never complete (issue 43, item 2): a passkey --agent-key (the agent binds
// its AP2 mandate key with an Ed25519 signature: MANDATE_SIGNER_UNSUPPORTED, one `error:` line,
// exit 1, no stack trace); an intent that names its agents without --agent-key (usage, exit 2); an
// agent the intent does not name (CHECKOUT_REFUSED). An intent signed by a passkey or a multisig
// checks out (packages/sdk/src/ap2/checkoutWithIntent.test.ts). A real orchestrator and the demo
// store, real signatures; no proofs are needed.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { agentKeyOfSigner, Ed25519Signer, formatAddress, SoftwarePasskey, type Signer } from '@verity/core'
import { startOrchestrator, type RunningOrchestrator } from '@verity/orchestrator'
import { OrchestratorClient, signIntent } from '@verity/sdk'
import { createVerityDomainPayment, startStore, type RunningStore } from '@verity/store'
import { runCliCaptured } from '../testing/runCliCaptured.ts'

const TEMPLATE = readFileSync(new URL('../../../policy/examples/payable-checkout.template', import.meta.url), 'utf8')
const PAYEE = formatAddress(Ed25519Signer.generate().ownerId, 1)
const TOKEN = formatAddress(Ed25519Signer.generate().ownerId, 1)
const ADDRESS = ['--item', 'tee-classic-white-m', '--email', 'ada@example.com', '--street', '1 Main St', '--city', 'Springfield', '--region', 'IL', '--postal-code', '62704', '--country', 'US']

const verity = runCliCaptured

describe('verity checkout: agents that cannot check out are refused before anything is created or spent', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-checkout-signer-'))
  const user = Ed25519Signer.generate()
  const passkey = SoftwarePasskey.generate()
  const agent = Ed25519Signer.generate()
  const keys = { user: join(dir, 'user.json'), passkey: join(dir, 'passkey.json'), agent: join(dir, 'agent.json'), stranger: join(dir, 'stranger.json') }
  let orchestrator: RunningOrchestrator
  let store: RunningStore
  let client: OrchestratorClient
  let templateId: string

  before(async () => {
    user.toKeyFile(keys.user)
    passkey.toKeyFile(keys.passkey)
    agent.toKeyFile(keys.agent)
    Ed25519Signer.generate().toKeyFile(keys.stranger)
    orchestrator = await startOrchestrator({ port: 0, host: '127.0.0.1', dataDir: join(dir, 'orchestrator'), logLevel: 'silent' })
    // The store negotiates AP2 and dev.verity.domain, as the devnet's does: only the signer check stops a checkout here.
    const payment = createVerityDomainPayment({
      payee: PAYEE,
      token: TOKEN,
      domainUrl: () => 'http://127.0.0.1:1',
      businessUrl: () => store.url,
      signingKeys: [],
      orchestratorsAllowed: [],
      trustedExtractorKeys: [],
      verifier: { verifyPolicy: async () => false } as never,
    })
    store = await startStore({ port: 0, payee: PAYEE, payeeToken: TOKEN, stateDir: join(dir, 'store-state'), logLevel: 'silent', paymentHandlers: [payment.handler], mandateCheck: payment.mandateCheck })
    client = new OrchestratorClient(orchestrator.url)
    templateId = await client.submitTemplate(TEMPLATE)
  })
  after(async () => {
    await orchestrator?.close()
    await store?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  /** A payable checkout intent signed by `signer`, naming the agent. */
  async function intentSignedBy(signer: Signer): Promise<string> {
    const id = randomUUID()
    const fields = { acceptable_categories: ['t-shirt'], size: 'Medium (M)', max_price_cents: 5000, payment_token: TOKEN, payment_deadline_ms: Date.now() + 3_600_000, allowed_payees: [PAYEE] }
    await client.submitIntent(signIntent({ id, templateId, fields, signer, agents: [agentKeyOfSigner(agent)] }))
    return id
  }

  /** Checkout sessions the store holds (its state database). */
  function storeSessions(): number {
    const db = new Database(join(dir, 'store-state', 'checkout.db'), { readonly: true })
    try {
      return (db.prepare('SELECT count(*) AS n FROM sessions').get() as { n: number }).n
    } finally {
      db.close()
    }
  }

  /** Nothing was created or spent: the intent keeps its one proposal and the store opened no session. */
  async function assertUntouched(intentId: string): Promise<void> {
    assert.equal(await client.getIntentStatus(intentId), 'pending')
    assert.equal(storeSessions(), 0)
  }

  function assertOneErrorLine(result: { code: number; stdout: string; stderr: string }, pattern: RegExp): void {
    assert.equal(result.code, 1, result.stderr)
    assert.equal(result.stdout, '')
    const lines = result.stderr.trimEnd().split('\n')
    assert.equal(lines.length, 1, `one line, no stack trace: ${result.stderr}`)
    assert.match(lines[0]!, pattern)
  }

  test('an Ed25519 intent: no --agent-key is a usage error naming the flag; a passkey or unnamed agent key is refused; nothing is created', async () => {
    const intentId = await intentSignedBy(user)
    const missing = await verity('checkout', intentId, '--business', store.url, '--orchestrator', orchestrator.url, ...ADDRESS)
    assert.equal(missing.code, 2, missing.stderr)
    assert.match(missing.stderr, new RegExp(`intent ${intentId} names its agents: pass --agent-key with one of them`))
    const passkeyAgent = await verity('checkout', intentId, '--agent-key', keys.passkey, '--business', store.url, '--orchestrator', orchestrator.url, ...ADDRESS)
    assertOneErrorLine(passkeyAgent, /^error: MANDATE_SIGNER_UNSUPPORTED: the agent key .* is a passkey.*verity keygen --out agent\.json/)
    const stranger = await verity('checkout', intentId, '--agent-key', keys.stranger, '--business', store.url, '--orchestrator', orchestrator.url, ...ADDRESS)
    assertOneErrorLine(stranger, new RegExp(`^error: checkout prepare: the agent key \\S+ is not one intent ${intentId} names \\(Ed25519 ${agent.publicKeyBase58}\\)`))
    await assertUntouched(intentId)
  })
})
