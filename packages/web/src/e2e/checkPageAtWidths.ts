import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Page } from 'playwright-core'

/** The widths every page is checked at: a phone (390 px) and a laptop (1280 px), in CSS pixels. */
export const CHECKED_WIDTHS_PX = [390, 1280] as const
/** The viewport the tests otherwise use, restored after the check. */
const DEFAULT_VIEWPORT = { width: 1000, height: 900 }
// Evaluated through DevTools, which the page's Content-Security-Policy does not govern (a script tag would be refused).
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type AxeResults = { violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }

/**
 * The page as a person sees it at each of CHECKED_WIDTHS_PX: a full-page screenshot
 * (`<name>-<width>.png` in `dir`, to look at), nothing wider than the window (no sideways scroll:
 * long ids wrap), and zero axe-core violations (WCAG 2.x A and AA rules).
 */
export async function checkPageAtWidths(page: Page, dir: string, name: string): Promise<void> {
  try {
    for (const width of CHECKED_WIDTHS_PX) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true })
      const overflow = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
      assert.ok(overflow.scroll <= overflow.client, `${name} at ${width} px scrolls sideways: ${overflow.scroll} px of content in ${overflow.client} px`)
      await page.evaluate(AXE_SOURCE)
      const results = await page.evaluate(() => (globalThis as unknown as { axe: { run(context: Document, options: unknown): Promise<AxeResults> } }).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }))
      const violations = results.violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`)
      assert.deepEqual(violations, [], `${name} at ${width} px has axe-core violations`)
    }
  } finally {
    await page.setViewportSize(DEFAULT_VIEWPORT)
  }
}
