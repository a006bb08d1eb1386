// The web app (issue 20): how long its pages take to load in real headless Chromium (Debian's,
// as in the e2e test), and how long the page takes to verify a proof in the browser (bb.js, the
// SDK's verifier), as the page itself reports it. One devnet in this process (startStack with the
// web server), one real proof.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ed25519Signer } from '@verity/core'
import { freePorts, startStack } from '@verity/cli'
import { OrchestratorClient, signIntent } from '@verity/sdk'
import { launchChromium, type Chromium } from '../packages/web/src/e2e/launchChromium.ts'
import { CLOTHING_FIELDS, CLOTHING_TEMPLATE } from './lib/benchTemplates.ts'
import type { BenchSettings } from './lib/benchSettings.ts'
import { requireChromium } from './lib/prerequisites.ts'
import { median } from './lib/stats.ts'

export type WebPagesResult = {
  /** navigation start → load event, per page, ms (p50 of PAGE_LOADS loads after one untimed). */
  walletLoadP50Ms: number
  explorerLoadP50Ms: number
  /** The time the intent page reports for its in-browser verification, first (cold: bb.js, keys) and later loads. */
  verifyColdMs: number
  verifyWarmP50Ms: number
}

const PAGE_LOADS = { quick: 3, full: 10 }
const VERIFY_LOADS = { quick: 2, full: 4 }
const PROOF_WAIT_MS = 180_000

export async function measureWebPages(settings: BenchSettings, log: (line: string) => void = () => {}): Promise<WebPagesResult> {
  // Checked before anything starts: without Chromium the part is skipped, with the install hint.
  requireChromium()
  const dataDir = mkdtempSync(join(tmpdir(), 'verity-bench-web-'))
  let stack: Awaited<ReturnType<typeof startStack>> | undefined
  let browser: Chromium | undefined
  try {
    const [baseLayer, extractor, orchestrator, domain, web] = await freePorts(5)
    // Named in the log so that a check (scripts/bench.test.ts) can see they are all closed after the part.
    log(`web: stack on ports ${[baseLayer, extractor, orchestrator, domain, web].join(', ')}`)
    stack = await startStack({ dataDir, ports: { baseLayer: baseLayer!, extractor: extractor!, orchestrator: orchestrator!, domain: domain!, web: web! }, web: true, logLevel: 'silent' })
    browser = await launchChromium()
    const webUrl = stack.web!.url
    const page = browser.page
    const loadMs = async (path: string) => {
      await page.goto(`${webUrl}${path}`, { waitUntil: 'load' })
      // Runs in the page (DOM types are not in this program's lib): the navigation entry's load time.
      return page.evaluate(
        () => {
          const entry = (performance as unknown as { getEntriesByType(type: string): Array<{ loadEventEnd: number; startTime: number }> }).getEntriesByType('navigation')[0]!
          return entry.loadEventEnd - entry.startTime
        },
      )
    }
    const loads = settings.quick ? PAGE_LOADS.quick : PAGE_LOADS.full
    const timedLoads = async (path: string) => {
      await loadMs(path)
      const samples: number[] = []
      for (let load = 0; load < loads; load++) samples.push(await loadMs(path))
      return median(samples)
    }
    const walletLoadP50Ms = await timedLoads('/')
    const explorerLoadP50Ms = await timedLoads('/explorer')
    const verifications = await verifyTimes(stack.orchestrator.url, webUrl, browser.page, settings.quick ? VERIFY_LOADS.quick : VERIFY_LOADS.full)
    return { walletLoadP50Ms, explorerLoadP50Ms, verifyColdMs: verifications[0]!, verifyWarmP50Ms: median(verifications.slice(1)) }
  } finally {
    // Whatever failed (the browser did not launch, a page timed out), the browser and the five
    // services are closed: a part must not leave the bench process alive.
    await browser?.close().catch((error: unknown) => log(`web: closing the browser failed: ${String(error)}`))
    await stack?.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** Proposes a valid solution through the SDK, then opens its intent page `times` times and reads the verify time it shows. */
async function verifyTimes(orchestratorUrl: string, webUrl: string, page: Chromium['page'], times: number): Promise<number[]> {
  const orchestrator = new OrchestratorClient(orchestratorUrl)
  const templateId = await orchestrator.submitTemplate(CLOTHING_TEMPLATE)
  const id = crypto.randomUUID()
  await orchestrator.submitIntent(signIntent({ id, templateId, fields: { ...CLOTHING_FIELDS, acceptable_colors: ['White'] }, signer: Ed25519Signer.generate() }))
  await orchestrator.propose(id, { solution: 'catalog:tee-classic-white-m', metadata: null })
  const times_: number[] = []
  for (let load = 0; load < times; load++) {
    await page.goto(`${webUrl}/intents/${id}`)
    await page.getByTestId('status').getByText('success').waitFor({ timeout: PROOF_WAIT_MS })
    const verification = page.getByTestId('verification')
    await verification.locator('.success, .error').first().waitFor({ timeout: PROOF_WAIT_MS })
    const match = /verified in your browser \((\d+) ms\)/.exec((await verification.textContent()) ?? '')
    if (match === null) throw new Error(`the page did not verify the proof: ${await verification.textContent()}`)
    times_.push(Number(match[1]))
  }
  return times_
}
