// Measures the built pages against the bundle size budget (src/limits.ts) and fails the build
// above it. Initial JavaScript = the chunks index.html loads; the verifier = the chunks loaded
// when a proof is verified (bb.js with its wasm). Sizes are gzip level 9, what a server sends.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

// Keep in step with INITIAL_JS_GZIP_BYTES_MAX and VERIFIER_JS_GZIP_BYTES_MAX in src/limits.ts.
const INITIAL_JS_GZIP_BYTES_MAX = 100 * 1024
const VERIFIER_JS_GZIP_BYTES_MAX = 4 * 1024 * 1024

const dist = new URL('../dist/', import.meta.url).pathname
const html = readFileSync(join(dist, 'index.html'), 'utf8')
const assets = readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js') || name.endsWith('.css'))
const gzip = (name) => gzipSync(readFileSync(join(dist, 'assets', name)), { level: 9 }).length
let initial = 0
let verifier = 0
for (const name of assets) {
  if (html.includes(`/assets/${name}`)) initial += gzip(name)
  else if (name.endsWith('.js') && !name.startsWith('barretenberg-threads')) verifier += gzip(name)
}
const report = { initial_gzip_bytes: initial, initial_budget_bytes: INITIAL_JS_GZIP_BYTES_MAX, verifier_gzip_bytes: verifier, verifier_budget_bytes: VERIFIER_JS_GZIP_BYTES_MAX }
writeFileSync(join(dist, 'bundle-size.json'), `${JSON.stringify(report, null, 2)}\n`)
console.log(`web bundle: initial ${(initial / 1024).toFixed(1)} KiB gzip (budget ${INITIAL_JS_GZIP_BYTES_MAX / 1024} KiB), verifier ${(verifier / 1024).toFixed(1)} KiB gzip (budget ${VERIFIER_JS_GZIP_BYTES_MAX / 1024} KiB)`)
if (initial > INITIAL_JS_GZIP_BYTES_MAX || verifier > VERIFIER_JS_GZIP_BYTES_MAX) {
  console.error('web bundle: over budget')
  process.exit(1)
}
