// Runs every package's tests with node's test runner. Node 20 does not expand globs itself,
// so the test files are listed here. Extra arguments narrow the run to paths containing them.
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const LOOPBACK_ONLY = fileURLToPath(new URL('./testing/loopbackOnly.mjs', import.meta.url))
/** The export condition that resolves @verity/* to their TypeScript sources, not their built dist/ (docs/releasing.md). */
const SOURCE_CONDITION = 'verity-source'
/**
 * Longest one test file (and one test in it) may run, in milliseconds: a file that hangs, even with
 * its event loop blocked, is killed and fails by name instead of holding CI until its own time-out.
 * The longest files (the chaos short form, the web app's browser tests) take ~3 min here.
 */
const TEST_FILE_TIMEOUT_MS = 20 * 60_000

const filters = process.argv.slice(2)
const roots = [...readdirSync('packages').map((name) => join('packages', name)), 'scripts']
const files = []
const walk = (dir) => {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules') continue
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) walk(path)
    else if (path.endsWith('.test.ts')) files.push(path)
  }
}
for (const root of roots) walk(root)
const selected = filters.length ? files.filter((f) => filters.some((x) => f.includes(x))) : files
if (selected.length === 0) {
  console.error('no test files found')
  process.exit(1)
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', `--test-timeout=${TEST_FILE_TIMEOUT_MS}`, ...selected.sort()],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      VERITY_LOG_LEVEL: process.env.VERITY_LOG_LEVEL ?? 'silent',
      // Every Node process of the run (test files, the services they spawn) runs the packages' sources
      // and refuses TCP to non-loopback addresses.
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --conditions=${SOURCE_CONDITION} --import=${LOOPBACK_ONLY}`.trim(),
    },
  },
)
process.exit(result.status ?? 1)
