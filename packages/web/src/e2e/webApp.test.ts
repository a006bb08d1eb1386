import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { agentKeyOfSigner, decodeBase58, Ed25519Signer, formatAddress } from '@verity/core'
import { freePorts, startStack, verityOk, type RunningStack } from '@verity/cli'
import { ApiError, DomainClient, isEd25519PublicKey, OrchestratorClient, payMandate, signIntent } from '@verity/sdk'
import { signVerifiable } from '@verity/ledger'
import { checkPageAtWidths } from './checkPageAtWidths.ts'
import { launchChromium, type Chromium } from './launchChromium.ts'
import { devnetEnv, sendTokensToAlice } from './sendTokensToAlice.ts'

// End to end, in real headless Chromium: the wallet creates a passkey with the page's own
// navigator.credentials code (DevTools virtual authenticator), signs an intent, an agent proposes
// through the SDK, the intent page shows the outcome live and verifies the proof in the browser;
// a failing proposal shows its failed constraints; the explorer follows a transfer's SDL to
// BaseLayerApplied. One devnet, one policy proof, one SDL proof. Screenshots go to docs/web/.

// The screenshots of docs/web.md: refreshed with VERITY_WEB_SCREENSHOTS=1; otherwise written to a
// temp dir, so a test run leaves the work tree as it was.
const SCREENSHOTS_DIR =
  process.env.VERITY_WEB_SCREENSHOTS === '1' ? fileURLToPath(new URL('../../../../docs/web/', import.meta.url)) : join(tmpdir(), 'verity-web-screenshots')
const PROOF_WAIT_MS = 150_000

let stack: RunningStack
let browser: Chromium
let webUrl: string
let dataDir: string

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'verity-web-'))
  const [baseLayer, extractor, orchestrator, domain, web, store] = await freePorts(6)
  stack = await startStack({ dataDir, ports: { baseLayer: baseLayer!, extractor: extractor!, orchestrator: orchestrator!, domain: domain!, web: web!, store: store! }, web: true, store: true, logLevel: 'silent' })
  webUrl = stack.web!.url
  assert.match(webUrl, /^http:\/\/localhost:/)
  browser = await launchChromium()
  mkdirSync(SCREENSHOTS_DIR, { recursive: true })
})

after(async () => {
  await browser?.close()
  await stack?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('web wallet, intent page and explorer', { timeout: 300_000 }, () => {
  test('a passkey signs an intent; the agent proposes; the page shows success live and verifies the proof in the browser', async () => {
    const { page } = browser
    await page.goto(`${webUrl}/`)
    assert.equal(await page.evaluate(() => crossOriginIsolated), true, 'the page is cross-origin isolated (COOP/COEP)')
    await page.getByLabel('Passkey name').fill('alice phone')
    await page.getByRole('button', { name: 'Create a passkey' }).click()
    const ownerId = (await page.getByTestId('owner-id').first().textContent())!
    assert.match(ownerId, /^[1-9A-HJ-NP-Za-km-z]{43,44}$/)

    // A passkey user can check out too (the signed intent is the user's authority in AP2 mandates): the checkout template can be chosen.
    const checkoutOption = page.locator('#template-select option', { hasText: 'payable_checkout' })
    assert.equal(await checkoutOption.isDisabled(), false, 'a passkey can choose the checkout template')
    await page.getByLabel('Template', { exact: true }).selectOption({ label: 'clothing_purchase_guard (catalog: clothing.template)' })
    await page.getByLabel(/^acceptable_categories/).fill('t-shirt, polo')
    await page.getByLabel(/^size/).fill('M')
    await page.getByLabel(/^audience/).fill('unisex')
    await page.getByLabel(/^max_price_cents/).fill('25 dollars')
    await page.getByLabel(/^acceptable_colors/).fill('White')
    // Inline validation: a price that is not an amount is named under its input and blocks signing.
    await page.getByText('max_price_cents: an amount in dollars, like 25.00 (at most two digits after the point)').waitFor()
    await page.getByRole('button', { name: 'Sign and create the intent' }).click()
    await page.getByText('Fix the parameters marked above.').waitFor()
    // The wallet asks for dollars; the intent signs cents, and says so before signing.
    await page.getByLabel(/^max_price_cents \(in dollars/).fill('25.00')
    assert.equal(await page.getByTestId('signed-max_price_cents').textContent(), '$25.00: signed as max_price_cents = 2500')
    const preview = page.getByTestId('preview')
    assert.match((await preview.textContent())!, /price ≤ \$25\.00/)
    assert.match((await preview.textContent())!, /color is one of "White"/)
    // The store sells sizes as "Medium (M)": "M" is warned about before signing (a warning, not a refusal: the catalog source spells "M").
    const spellingNote = (await page.getByTestId('spelling-warnings').textContent({ timeout: 10_000 }))!
    assert.match(spellingNote, /size "M" — did you mean "Medium \(M\)"\?/)
    assert.match(spellingNote, new RegExp(`${stack.store!.url} spells them otherwise`))

    // The user names the agent that alone may propose: its public key, pasted.
    const agent = Ed25519Signer.generate()
    await page.getByLabel(/^Agent public keys/).fill('not a key')
    await page.getByText(/agent 1: /).waitFor()
    // An owner id pasted where the public key goes is refused (when it is no Ed25519 point, as about half are).
    const ownerIdNotKey = Array.from({ length: 64 }, () => Ed25519Signer.generate().ownerId).find((id) => !isEd25519PublicKey(decodeBase58(id, 'owner id')))!
    await page.getByLabel(/^Agent public keys/).fill(ownerIdNotKey)
    await page.getByText(`agent 1: ${ownerIdNotKey} is an owner id, not a public key`, { exact: false }).waitFor()
    await page.getByLabel(/^Agent public keys/).fill(agent.publicKeyBase58)
    await page.getByText('Only this agent may propose: a proposal must carry its signature.').waitFor()
    await page.getByRole('button', { name: 'Sign and create the intent' }).click()
    const intentId = (await page.getByTestId('intent-id').textContent({ timeout: 30_000 }))!
    await page.screenshot({ path: join(SCREENSHOTS_DIR, 'wallet.png') })
    await checkPageAtWidths(page, SCREENSHOTS_DIR, 'wallet')

    const orchestrator = new OrchestratorClient(stack.orchestrator.url)
    const stored = (await orchestrator.getIntent(intentId)) as { authorship: { Signed: { Passkey?: unknown } }; intent: { agents?: unknown } }
    assert.ok(stored.authorship.Signed.Passkey, 'the intent is signed with the passkey')
    assert.deepEqual(stored.intent.agents, [{ Ed25519: agent.publicKeyBase58 }], 'the agent is named in what the passkey signed')

    await page.getByRole('link', { name: 'Follow it' }).click()
    await page.waitForURL(`${webUrl}/intents/${intentId}`)
    await page.getByTestId('status').getByText('pending').waitFor()
    // One name for the agent: its owner id, its public key beside it once.
    assert.match((await page.getByTestId('agents').textContent())!, new RegExp(`Only this agent may propose.*agent ${agent.ownerId} \\(Ed25519 public key ${agent.publicKeyBase58}\\)`))
    // The template by name, its constraints in words with the signed values (money as money).
    await page.getByTestId('template-name').getByText('clothing_purchase_guard').waitFor()
    const constraints = (await page.getByTestId('constraints').textContent())!
    assert.match(constraints, /price ≤ \$25\.00/)
    assert.match(constraints, /size is "M"/)
    // Anyone else's proposal is refused and uses nothing up; the named agent's is accepted.
    await assert.rejects(orchestrator.propose(intentId, { solution: 'catalog:tee-classic-white-m', metadata: null }, { agent: Ed25519Signer.generate() }), (error: ApiError) => error.serverCode === 'AGENT_NOT_NAMED')
    await orchestrator.propose(intentId, { solution: 'catalog:tee-classic-white-m', metadata: null }, { agent })
    await page.getByTestId('status').getByText('success').waitFor({ timeout: PROOF_WAIT_MS })
    const verification = page.getByTestId('verification')
    await verification.locator('.success, .error').first().waitFor({ timeout: 60_000 })
    assert.match((await verification.textContent())!, /✔ Proof verified in your browser \(\d+ ms\): the proposal satisfies every constraint of template clothing_purchase_guard, signed by Passkey owner /)
    assert.match((await verification.textContent())!, new RegExp(ownerId))
    assert.match((await verification.textContent())!, new RegExp(`proposed by agent ${agent.ownerId} \\(named above\\)`))
    assert.match((await page.getByTestId('attestation').textContent())!, /Signed by extractor key \w+/)
    assert.match((await page.getByTestId('evidence').textContent())!, /White/)
    await page.screenshot({ path: join(SCREENSHOTS_DIR, 'intent-success.png'), fullPage: true })
    await checkPageAtWidths(page, SCREENSHOTS_DIR, 'intent-success')
  })

  test('a failing proposal (a UCP variant of the demo store) shows the business, the variant and each failed constraint with its values', async () => {
    const { page } = browser
    const orchestrator = new OrchestratorClient(stack.orchestrator.url)
    const templateId = await orchestrator.submitTemplate(await (await fetch(`${webUrl}/api/templates`)).json().then((files: Array<{ file: string; source: string }>) => files.find((file) => file.file === 'clothing.template')!.source))
    const id = crypto.randomUUID()
    const fields = { acceptable_categories: ['t-shirt', 'polo'], size: 'Medium (M)', audience: 'unisex', max_price_cents: 2500, acceptable_colors: ['White'] }
    await orchestrator.submitIntent(signIntent({ id, templateId, fields, signer: Ed25519Signer.generate() }))
    await orchestrator.propose(id, { solution: 'polo-pique-navy-m', metadata: { business: stack.store!.url } })
    await page.goto(`${webUrl}/intents/${id}`)
    await page.getByTestId('status').getByText('failure').waitFor({ timeout: 60_000 })
    assert.equal(await page.getByTestId('business').textContent(), stack.store!.url)
    assert.equal(await page.getByTestId('business').getAttribute('href'), `${stack.store!.url}/.well-known/ucp`)
    assert.equal(await page.getByTestId('solution').textContent(), 'polo-pique-navy-m')
    assert.match((await page.locator('.proposal-source').textContent())!, /Product \(variant id\)/)
    const failures = page.getByTestId('constraint-failures').locator('li')
    assert.equal(await failures.count(), 3)
    // Each failure in words, with the evidence's value against the intent's (money as money), numbered once (by the list).
    await failures.first().getByText('Audience: "men", not the "unisex" you asked for').waitFor()
    const text = (await page.getByTestId('constraint-failures').textContent())!
    assert.match(text, /Price: \$\d+\.\d\d, above your \$25\.00 cap/)
    assert.match(text, /Color: "Navy", not one of "White"/)
    assert.match(text, /evidence\.audience == intent\.audience/, 'the constraint as written stays beside its words')
    assert.doesNotMatch(text, /\[\d\]/, 'no second number beside the list\'s own')
    await page.screenshot({ path: join(SCREENSHOTS_DIR, 'intent-failure.png'), fullPage: true })
    await checkPageAtWidths(page, SCREENSHOTS_DIR, 'intent-failure')
  })

  test("the explorer shows a transfer's SDL reaching BaseLayerApplied and the shard's finalized state", async () => {
    const { page } = browser
    await page.goto(`${webUrl}/explorer`)
    await page.getByTestId('event-feed').getByText('failure').first().waitFor()
    // A failure in the feed reads in words, money as money, numbered once (as the intent page shows it).
    await page.getByTestId('feed-failures').first().getByText(/^Price: \$\d+\.\d\d, above your \$25\.00 cap$/).waitFor({ timeout: 10_000 })
    assert.doesNotMatch((await page.getByTestId('event-feed').textContent())!, /evaluated to false/)
    const env = devnetEnv(stack)
    const { aliceAddress, token } = await sendTokensToAlice(stack, dataDir, { name: 'Demo Dollar', symbol: 'DMD' })
    // A payable intent's proof pays the demo store: the intent page shows the payment, then its settlement.
    const paidIntent = await payAtTheStore()
    await page.goto(`${webUrl}/intents/${paidIntent}`)
    // The payment as money: the Devnet Dollar's symbol read from its mint (SDK TokenDirectory, formatAmount).
    await page.getByTestId('payment-amount').getByText('$19.99 USD').waitFor({ timeout: 30_000 })
    assert.match((await page.getByTestId('payment-amount').textContent())!, /Devnet Dollar/)
    assert.equal(await page.getByTestId('payment-settlement').textContent(), 'waiting for the next SDL')
    await page.goto(`${webUrl}/explorer`)
    const sdl = await verityOk(['sdl', 'submit'], { env })
    await page.getByTestId('sdls').getByText(sdl.slice(0, 10)).waitFor({ timeout: 10_000 })
    await verityOk(['sdl', 'prove', sdl], { env, timeoutMs: 120_000 })
    await verityOk(['sdl', 'settle', sdl], { env })
    const row = page.getByTestId('sdls').locator('tr', { hasText: sdl.slice(0, 10) })
    await row.getByText('BaseLayerApplied', { exact: true }).waitFor({ timeout: 20_000 })
    assert.match((await row.textContent())!, /Submitted .* → .*BaseLayerApplied/)
    assert.match((await page.getByTestId('shards').textContent())!, new RegExp(`${sdl.slice(0, 10)}`))
    // The address as `verity address` prints it (owner,shard).
    await page.getByLabel('Owner id').fill(aliceAddress)
    await page.getByRole('button', { name: 'Look up' }).click()
    const vaults = page.getByTestId('vaults')
    await vaults.waitFor({ timeout: 10_000 })
    // The token's 33 shows in both views: the domain's local vault and the base layer's finalized one.
    assert.equal(((await vaults.textContent())!.match(/: 33\b/g) ?? []).length, 2, (await vaults.textContent())!)
    const paymentRow = page.getByTestId('payments').locator('tr', { hasText: paidIntent.slice(0, 8) })
    await paymentRow.getByText('BaseLayerApplied', { exact: true }).waitFor({ timeout: 10_000 })
    assert.match((await paymentRow.textContent())!, /\$19\.99 USD/)
    await page.getByTestId('balances-local').getByText('33 minor units of DMD').waitFor({ timeout: 10_000 })
    await page.screenshot({ path: join(SCREENSHOTS_DIR, 'explorer.png'), fullPage: true })
    await checkPageAtWidths(page, SCREENSHOTS_DIR, 'explorer')
    await page.goto(`${webUrl}/intents/${paidIntent}`)
    await page.getByTestId('payment-settlement').getByText('BaseLayerApplied').waitFor({ timeout: 10_000 })
    // The deadline as a date and how far away it is, not milliseconds since 1970.
    assert.match((await page.getByText(/^payment_deadline_ms/).locator('..').textContent())!, /\d{4}-\d\d-\d\d \d\d:\d\d UTC \(in \d+ min\)/)
    await page.screenshot({ path: join(SCREENSHOTS_DIR, 'intent-paid.png'), fullPage: true })
    await checkPageAtWidths(page, SCREENSHOTS_DIR, 'intent-paid')

    // The wallet's preview names the token to pay in by its symbol and name (read from its mint), not its 44-character id.
    await page.goto(`${webUrl}/`)
    await page.getByLabel('Template', { exact: true }).selectOption({ label: 'payable_clothing_purchase (catalog: payable-clothing.template)' })
    await page.getByLabel(/^payment_token/).fill(stack.devnetDollar.token)
    await page.getByTestId('preview').getByText('payee token is USD (Devnet Dollar)').waitFor({ timeout: 10_000 })
    assert.doesNotMatch((await page.getByTestId('preview').textContent())!, new RegExp(stack.devnetDollar.token))
  })
})

/** A user with Devnet Dollars signs a payable intent, the agent proposes the demo store's white tee, the proof pays (SDK payMandate). */
async function payAtTheStore(): Promise<string> {
  const domain = new DomainClient(stack.domain.url)
  // The Devnet Dollar: the token the demo store's payment handler accepts.
  const [user, usd] = [Ed25519Signer.generate(), Ed25519Signer.fromKeyFile(stack.devnetDollar.keyPath)]
  const currency = stack.devnetDollar.token
  const operation = { Create: { metadata: { name: 'Devnet Dollar', symbol: 'USD' }, credited: [{ address: formatAddress(user.ownerId, 1), amount: 10_000n }] } }
  await domain.execute([signVerifiable(usd, 'FungibleTokenMint', { new_nonce: 1n, shard: 1, operation })])
  const orchestrator = new OrchestratorClient(stack.orchestrator.url)
  const templateId = await orchestrator.submitTemplate(readFileSync(new URL('../../../policy/examples/payable-clothing.template', import.meta.url), 'utf8'))
  const id = crypto.randomUUID()
  const fields = { acceptable_categories: ['t-shirt'], size: 'Medium (M)', max_price_cents: 2500, payment_token: currency, payment_deadline_ms: Date.now() + 3_600_000 }
  // Every payable intent names its agent, which signs the proposal.
  const agent = Ed25519Signer.generate()
  await orchestrator.submitIntent(signIntent({ id, templateId, fields, signer: user, agents: [agentKeyOfSigner(agent)] }))
  await orchestrator.propose(id, { solution: 'tee-classic-white-m', metadata: { business: stack.store!.url } }, { agent })
  for (let waited = 0; (await orchestrator.getIntentStatus(id)) !== 'success'; waited += 500) {
    assert.ok(waited < PROOF_WAIT_MS, 'the payable intent was not proven in time')
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  await payMandate(domain, await orchestrator.getProof(id))
  return id
}
