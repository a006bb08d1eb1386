import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

/** Debian's chromium (`.ci/run` installs it); VERITY_CHROMIUM_PATH points elsewhere. */
export const CHROMIUM_PATH = process.env.VERITY_CHROMIUM_PATH ?? '/usr/bin/chromium'

// The profile is fresh: launchPersistentContext passes userDataDir as --user-data-dir.
// The machine has no network: without these flags Chromium keeps trying to reach Google's services.
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

export type Chromium = { browser: Browser; context: BrowserContext; page: Page; close(): Promise<void> }

/**
 * Real headless Chromium with a fresh profile, one page of a phone-sized-friendly desktop
 * viewport, and a DevTools virtual WebAuthn authenticator (CTAP2, internal, user verified,
 * presence simulated), so the page's own navigator.credentials code creates and uses passkeys.
 */
export async function launchChromium(): Promise<Chromium> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'verity-chromium-'))
  let context: BrowserContext | undefined
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1000, height: 900 },
    })
    return await preparePage(context, userDataDir)
  } catch (error) {
    // A browser that started but could not be set up is closed here: the caller never got it.
    await context?.close().catch(() => undefined)
    rmSync(userDataDir, { recursive: true, force: true })
    throw error
  }
}

async function preparePage(context: BrowserContext, userDataDir: string): Promise<Chromium> {
  const page = context.pages()[0] ?? (await context.newPage())
  // Errors of the page show in the test's output, next to the assertion that fails because of them.
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`))
  page.on('console', (message) => { if (message.type() === 'error') console.error(`page console: ${message.text()}`) })
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  return {
    browser: context.browser()!,
    context,
    page,
    close: async () => {
      await context.close()
      rmSync(userDataDir, { recursive: true, force: true })
    },
  }
}
