// `npm run test:pack` (docs/releasing.md): packs every workspace with `npm pack --workspaces`,
// installs the tarballs into a fresh project under the OS temp folder with plain `npm install`,
// then, on plain Node (no tsx, no monorepo), runs the installed `verity` bin, starts an
// orchestrator from the installed packages on 127.0.0.1 and runs a plain node script that signs an
// intent with @verity/sdk and reads it back. Needs the built packages (`npm run build`, which
// `npm ci` runs). Not part of `npm test`: the install takes minutes. npm fetches third-party
// packages from its registry (its cache first); native modules are built from source, so no
// prebuilt binary is downloaded from elsewhere.
import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { test } from 'node:test'

/** Longest wait for `npm install` of the tarballs, in milliseconds (a cold npm cache and a native build take minutes). */
const INSTALL_TIMEOUT_MS = 20 * 60_000
/** Longest wait for one command of the installed packages, in milliseconds. */
const COMMAND_TIMEOUT_MS = 2 * 60_000
/** Longest wait for the installed orchestrator to print its URL, in milliseconds. */
const ORCHESTRATOR_START_TIMEOUT_MS = 60_000
/** How long a stopped child may take to exit before it is killed, in milliseconds. */
const STOP_GRACE_MS = 10_000
/** What @verity/sdk may depend on: no service, no server, no database. */
/** What @verity/sdk may depend on: Verity's client-side packages and small runtime-neutral libraries (SSE parsing; SD-JWT and JWS for AP2 mandates, docs/ap2-verity-constraint.md), never a server package. */
const SDK_DEPENDENCIES_ALLOWED = ['@verity/core', '@verity/ledger', '@verity/policy', '@verity/prover', '@verity/wire', 'eventsource-parser', '@sd-jwt/core', 'jose']

const REPO = resolve(import.meta.dirname, '..')

/** The plain Node script a user would write: sign an intent with @verity/sdk, submit it, read it back. */
const SIGN_AND_READ = `import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { OrchestratorClient, loadSigner, signIntent } from '@verity/sdk'

const [url, templatePath, keyPath] = process.argv.slice(2)
const orchestrator = new OrchestratorClient(url)
const templateId = await orchestrator.submitTemplate(readFileSync(templatePath, 'utf8'))
const id = randomUUID()
const fields = { acceptable_categories: ['t-shirt'], size: 'M', audience: 'unisex', max_price_cents: 2500 }
await orchestrator.submitIntent(signIntent({ id, templateId, fields, signer: loadSigner(keyPath) }))
const stored = await orchestrator.getIntent(id)
console.log(JSON.stringify({ id, templateId, stored, status: await orchestrator.getIntentStatus(id) }))
`

function run(command, args, options) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: COMMAND_TIMEOUT_MS, ...options })
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`
  assert.equal(result.status, 0, `${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`}):\n${output}`)
  return result.stdout
}

function assertBuilt() {
  const root = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'))
  const unbuilt = root.workspaces.filter((dir) => {
    const manifest = JSON.parse(readFileSync(join(REPO, dir, 'package.json'), 'utf8'))
    return !existsSync(join(REPO, dir, manifest.exports['.'].default))
  })
  assert.deepEqual(unbuilt, [], 'these packages are not built: run `npm run build` first')
}

/** Starts the installed `verity orchestrator` on 127.0.0.1 and resolves with its URL once it listens. */
function startInstalledOrchestrator(app, dataDir) {
  const child = spawn(process.execPath, [join(app, 'node_modules/.bin/verity'), 'orchestrator', '--port', '0', '--data-dir', dataDir], {
    cwd: app,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, VERITY_LOG_LEVEL: 'warn' },
  })
  const url = new Promise((resolveUrl, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`the orchestrator did not start:\n${output}`)), ORCHESTRATOR_START_TIMEOUT_MS)
    const read = (chunk) => {
      output += chunk
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolveUrl(match[1])
      }
    }
    child.stdout.setEncoding('utf8').on('data', read)
    child.stderr.setEncoding('utf8').on('data', read)
    child.once('exit', (code) => reject(new Error(`the orchestrator exited (${code}):\n${output}`)))
  })
  return { child, url }
}

/** Stops a child process: SIGTERM, then SIGKILL if it has not exited after `STOP_GRACE_MS`. */
async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS)
  await exited
  clearTimeout(timer)
}

test('the packed workspaces install into a fresh project and run on plain Node', async (t) => {
  assertBuilt()
  const work = mkdtempSync(join(tmpdir(), 'verity-pack-'))
  let orchestrator
  t.after(async () => {
    if (orchestrator) await stop(orchestrator.child)
    rmSync(work, { recursive: true, force: true, maxRetries: 3 })
  })
  const tarballs = join(work, 'tarballs')
  const app = join(work, 'app')
  mkdirSync(tarballs)
  mkdirSync(app)
  run('npm', ['pack', '--workspaces', '--pack-destination', tarballs, '--silent'], { cwd: REPO })
  const files = readdirSync(tarballs).filter((name) => name.endsWith('.tgz')).map((name) => join(tarballs, name))
  assert.ok(files.some((path) => path.includes('verity-sdk-')) && files.some((path) => path.includes('verity-cli-')), `tarballs: ${files.join(', ')}`)

  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'verity-install-check', private: true, type: 'module' }))
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...files], {
    cwd: app,
    timeout: INSTALL_TIMEOUT_MS,
    env: { ...process.env, npm_config_build_from_source: 'true' },
  })

  const sdk = JSON.parse(readFileSync(join(app, 'node_modules/@verity/sdk/package.json'), 'utf8'))
  const sdkDependencies = Object.keys(sdk.dependencies ?? {})
  assert.deepEqual(sdkDependencies.filter((name) => !SDK_DEPENDENCIES_ALLOWED.includes(name)), [], '@verity/sdk pulls in a server package')

  // The installed CLI is the release its packages say (VERITY_VERSION and every package.json agree).
  const cliVersion = JSON.parse(readFileSync(join(app, 'node_modules/@verity/cli/package.json'), 'utf8')).version
  assert.equal(run(process.execPath, [join(app, 'node_modules/.bin/verity'), '--version'], { cwd: app }), `${cliVersion}\n`)
  const help = run(process.execPath, [join(app, 'node_modules/.bin/verity'), '--help'], { cwd: app })
  assert.ok(help.startsWith(`verity ${cliVersion} — `), help.split('\n')[0])
  const keygen = run(process.execPath, [join(app, 'node_modules/.bin/verity'), 'keygen', '--out', 'user.json'], { cwd: app })
  assert.match(keygen, /owner id: \S+/)

  orchestrator = startInstalledOrchestrator(app, join(work, 'orchestrator'))
  const url = await orchestrator.url
  writeFileSync(join(app, 'signAndRead.mjs'), SIGN_AND_READ)
  const template = join(app, 'node_modules/@verity/policy/examples/clothing.template')
  const read = JSON.parse(run(process.execPath, ['signAndRead.mjs', url, template, 'user.json'], { cwd: app }))
  assert.equal(read.status, 'pending')
  assert.equal(read.stored.intent.id, read.id)
  assert.equal(read.stored.intent.policy_id, read.templateId)
  assert.equal(read.stored.intent.attrs.fields.size, 'M')
  assert.ok(read.stored.authorship.Signed.Ed25519.signature, JSON.stringify(read.stored))
})
