// The prerequisites of the bench parts that need something besides npm packages, checked before a
// part starts anything: a missing one makes the part skipped (BenchSkippedError), not failed.
import { accessSync, constants } from 'node:fs'
import { TEST_POSTGRES_URL, withClient } from '@verity/postgres'
import { CHROMIUM_PATH } from '../../packages/web/src/e2e/launchChromium.ts'
import { BenchSkippedError } from './BenchSkippedError.ts'

/** Throws BenchSkippedError unless the Chromium the web part launches (VERITY_CHROMIUM_PATH) is an executable file. */
export function requireChromium(): void {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK)
  } catch {
    throw new BenchSkippedError({ missing: `no Chromium executable at ${CHROMIUM_PATH}`, hint: 'install it with `apt-get install chromium`, or set VERITY_CHROMIUM_PATH' })
  }
}

/** Throws BenchSkippedError unless the PostgreSQL server of the tests (VERITY_TEST_POSTGRES_URL) answers. */
export async function requirePostgres(): Promise<void> {
  try {
    await withClient(TEST_POSTGRES_URL, (client) => client.query('SELECT 1'))
  } catch (error) {
    // withClient's message names the URL; its cause says why the connection failed.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
    const reason = cause instanceof Error ? cause.message.split('\n')[0]! : String(cause)
    throw new BenchSkippedError({ missing: `no PostgreSQL at ${redactPassword(TEST_POSTGRES_URL)}: ${reason}`, hint: 'install and start it with `apt-get install postgresql`, or set VERITY_TEST_POSTGRES_URL' })
  }
}

function redactPassword(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password !== '') parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'VERITY_TEST_POSTGRES_URL'
  }
}
