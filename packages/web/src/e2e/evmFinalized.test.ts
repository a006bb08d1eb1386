// End to end, in real headless Chromium, issue 27: on a devnet whose domain settles on a local EVM
// node (`verity up --settlement evm`), the explorer's finalized column shows a vault as of the root
// VeritySettlement holds, its Merkle proof checked in the page against the root the page reads from
// the contract; an answer tampered on its way to the page is refused.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { freePorts, startStack, verityOk, type RunningStack } from '@verity/cli'
import { toFunctionSelector } from 'viem'
import { ROOT_OF_SELECTOR } from '../app/explorer/checkFinalizedVault.ts'
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
    await page.unroute('**/api/domain/vaults/*/finalized')
  })
})
