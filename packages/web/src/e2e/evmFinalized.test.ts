// End to end, in real headless Chromium, issue 27: on a devnet whose domain settles on a local EVM
// node (`verity up --settlement evm`), the explorer's finalized column shows a vault as of the root
// VeritySettlement holds, its Merkle proof checked in the page against the root the page reads from
// the contract; an answer tampered on its way to the page, or naming another contract, is refused.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Ed25519Signer } from '@verity/core'
import { OrchestratorClient, signIntent } from '@verity/sdk'
import { after, before, describe, test } from 'node:test'
import { freePorts, startStack, verityOk, type RunningStack } from '@verity/cli'
import { toFunctionSelector } from 'viem'
import { ROOT_OF_SELECTOR, rootOfCallData } from '../app/explorer/checkFinalizedVault.ts'
import { startWebServer } from '../server/startWebServer.ts'
import { launchChromium, type Chromium } from './launchChromium.ts'
import { devnetEnv, sendTokensToAlice } from './sendTokensToAlice.ts'

let stack: RunningStack
let browser: Chromium
let dataDir: string

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'verity-web-evm-'))
  const [baseLayer, extractor, orchestrator, domain, web, store, evm] = await freePorts(7)
  stack = await startStack({ dataDir, ports: { baseLayer: baseLayer!, extractor: extractor!, orchestrator: orchestrator!, domain: domain!, web: web!, store: store! }, web: true, evm: { port: evm! }, logLevel: 'silent' })
  browser = await launchChromium()
})

after(async () => {
  await browser?.close()
  await stack?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

test("the page's rootOf selector is VeritySettlement's", () => {
  assert.equal(ROOT_OF_SELECTOR, toFunctionSelector('rootOf(uint64)'))
})

describe('the explorer on an EVM-settled domain', { timeout: 600_000 }, () => {
  test('the finalized column shows the vault at the contract\'s root with its proof checked, and refuses a tampered one', async () => {
    const env = devnetEnv(stack)
    const { aliceAddress, token } = await sendTokensToAlice(stack, dataDir, { name: 'Chain Dollar', symbol: 'CHD' })
    const sdl = await verityOk(['sdl', 'submit'], { env })
    await verityOk(['sdl', 'prove', sdl], { env, timeoutMs: 300_000 })
    assert.equal(await verityOk(['sdl', 'settle', sdl], { env, timeoutMs: 120_000 }), `${sdl}  BaseLayerApplied`)

    const { page } = browser
    const lookUp = async () => {
      await page.goto(`${stack.web!.url}/explorer`)
      await page.getByLabel('Owner id').fill(aliceAddress.split(',')[0]!)
      await page.getByRole('button', { name: 'Look up' }).click()
      const check = page.getByTestId('finalized-check')
      await check.waitFor({ timeout: 60_000 })
      return { check: (await check.textContent())!, vaults: (await page.getByTestId('vaults').textContent())! }
    }
    const shown = await lookUp()
    assert.match(shown.check, /^finalized on chain 31337 at block \d+, proof checked$/)
    // The token's 33 shows in both views: the domain's local vault and the chain's finalized one.
    assert.equal((shown.vaults.match(/: 33\b/g) ?? []).length, 2, shown.vaults)
    // Each view as a table of balances (token, symbol, amount): the token with its symbol and 33, beside the native row.
    for (const testId of ['balances-local', 'balances-finalized']) {
      // The amount as money, once the token's symbol is read from its mint (CHD has no cents: minor units).
      await page.getByTestId(testId).getByText('33 minor units of CHD').waitFor({ timeout: 10_000 })
      const rows = await page.getByTestId(testId).locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)))
      assert.deepEqual(rows.find((cells) => cells[0] === token), [token, 'CHD', '33 minor units of CHD'], `${testId}: ${JSON.stringify(rows)}`)
      assert.equal(rows[0]![1], '(native)', testId)
      const headers = await page.getByTestId(testId).locator('thead th').allTextContents()
      assert.deepEqual(headers, ['Token', 'Symbol', 'Amount'])
    }

    // The same answer with a larger balance, on its way from the domain to the page: refused.
    await page.route('**/api/domain/vaults/*/finalized', async (route) => {
      const response = await route.fetch()
      const answer = (await response.json()) as { slots: Array<{ kind: string; token?: string; value: string }> }
      for (const slot of answer.slots) if (slot.kind === 'balance' && slot.token === token) slot.value = '1000000'
      await route.fulfill({ response, json: answer })
    })
    const tampered = await lookUp()
    assert.match(tampered.check, /finalized vault refused: slot \d+ \(balance .*\): its path does not lead to the chain's root/)
    assert.doesNotMatch(tampered.vaults, /1000000/)
    // A request still in its handler when the route goes (the page reads the vault more than once) is let be.
    await page.unrouteAll({ behavior: 'ignoreErrors' })

    // A domain that names a contract of its own (here one with code, the SDL verifier, that is no
    // VeritySettlement): the web server refuses to forward the page's eth_call to it. `verity up`
    // pins the contract it deployed; a web server without a pin checks that it is a VeritySettlement.
    const evmCall = async (webUrl: string, call: Record<string, unknown>) => {
      const response = await fetch(`${webUrl}/api/evm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [call, 'latest'] }) })
      return { status: response.status, body: (await response.json()) as { result?: string; code?: string; message?: string } }
    }
    const contract = ((await (await fetch(`${stack.web!.url}/api/domain/vaults/${aliceAddress.split(',')[0]!}/finalized`)).json()) as { contract: string }).contract
    const verifierWord = await evmCall(stack.web!.url, { to: contract, data: toFunctionSelector('verifier()') })
    assert.equal(verifierWord.status, 200, JSON.stringify(verifierWord.body))
    const verifier = `0x${verifierWord.body.result!.slice(-40)}`
    const notPinned = await evmCall(stack.web!.url, { to: verifier, data: rootOfCallData(1) })
    assert.deepEqual([notPinned.status, notPinned.body.code], [409, 'EVM_CONTRACT_NOT_PINNED'])
    assert.equal((await evmCall(stack.web!.url, { data: rootOfCallData(1) })).body.code, 'EVM_CALL_TARGET_INVALID')
    const unpinned = await startWebServer({ port: 0, orchestratorUrl: stack.orchestrator.url, domainUrl: stack.domain.url, baseLayerUrl: stack.baseLayer.url, evmRpcUrl: stack.evm!.node.rpcUrl })
    try {
      assert.equal((await evmCall(unpinned.url, { to: contract, data: rootOfCallData(1) })).status, 200)
      const mismatch = await evmCall(unpinned.url, { to: verifier, data: rootOfCallData(1) })
      assert.deepEqual([mismatch.status, mismatch.body.code], [409, 'EVM_SETTLEMENT_CONTRACT_MISMATCH'])
      assert.match(mismatch.body.message!, /its code is not this version's VeritySettlement/)
    } finally {
      await unpinned.close()
    }
    await page.route('**/api/domain/vaults/*/finalized', async (route) => {
      const response = await route.fetch()
      await route.fulfill({ response, json: { ...((await response.json()) as object), contract: verifier } })
    })
    const otherContract = await lookUp()
    assert.match(otherContract.check, /not from the contract you pinned/)
    // A request still in its handler when the route goes (the page reads the vault more than once) is let be.
    await page.unrouteAll({ behavior: 'ignoreErrors' })
  })

  test("an intent's *_cents parameters read as money beside the field name", async () => {
    const orchestrator = new OrchestratorClient(stack.orchestrator.url)
    const template = readFileSync(fileURLToPath(new URL('../../../policy/examples/clothing.template', import.meta.url)), 'utf8')
    const templateId = await orchestrator.submitTemplate(template)
    const id = randomUUID()
    const fields = { acceptable_categories: ['t-shirt'], size: 'Medium (M)', audience: 'unisex', max_price_cents: 1999, acceptable_colors: ['White'] }
    await orchestrator.submitIntent(signIntent({ id, templateId, fields, signer: Ed25519Signer.generate() }))
    const { page } = browser
    await page.goto(`${stack.web!.url}/intents/${id}`)
    const row = page.locator('tr', { has: page.locator('th', { hasText: /^max_price_cents$/ }) })
    await row.waitFor({ timeout: 30_000 })
    assert.equal(await row.getByTestId('money').textContent(), '$19.99')
    assert.match((await row.locator('td').textContent())!, /^\$19\.99\s*1999$/)
    // Fields that are not cents are left as they are.
    const size = page.locator('tr', { has: page.locator('th', { hasText: /^size$/ }) })
    assert.equal(await size.getByTestId('money').count(), 0)
  })
})
