// Attack: fail closed at start (issue 42, deliverable 6).
// Attacker: whoever can change a file a service trusts at start (a tampered CRS copy on the operator's
// disk or in its image, a corrupted or swapped key or tokens file), or an operator stopping a service.
// Attack: start a service on that file, hoping it listens anyway and fails only at its first proof or
// signature (or, as the orchestrator did, prints the error and neither exits nor listens nor stops).
// Expected: every service (orchestrator, base layer, domain, extractor, store, web server and
// `verity up` as a whole) whose CRS or key material fails its check exits non-zero with one line
// naming the problem (no stack trace) and never listens on its port; and SIGTERM at any stage of a
// start ends the process promptly, with its ports and native `bb` processes released.
// Real processes (the `verity` bin), loopback only; every process is killed in `after` if still alive.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import type { ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePorts } from '../../packages/cli/src/testing/freePorts.ts'
import { spawnVerity } from '../../packages/cli/src/testing/runVerity.ts'

const IGNITION_DIR = fileURLToPath(new URL('../../packages/prover/crs/ignition', import.meta.url))
/** Longest a refused start may take to exit (module loading on 2 busy cores included). */
const REFUSED_EXIT_MS_MAX = 60_000
/** Longest a service may take to exit after SIGTERM, whatever stage of its start it was at. */
const STOP_AFTER_SIGNAL_MS_MAX = 15_000
/** Longest a start may take to reach the stage a test stops it at. */
const STAGE_WAIT_MS_MAX = 120_000
/** How often the ports are probed while a process runs. */
const PORT_PROBE_INTERVAL_MS = 50

type Run = { child: ChildProcess; stdout: () => string; stderr: () => string; exited: Promise<{ code: number | null; signal: string | null }>; listened: Set<number>; stopProbing: () => void }

const dir = mkdtempSync(join(tmpdir(), 'verity-fail-closed-'))
const children: ChildProcess[] = []
let tamperedCrs = ''

/** A copy of the committed Ignition prefix with one bit of one G1 point flipped. */
function makeTamperedCrs(): string {
  const copy = join(dir, 'crs-tampered')
  cpSync(IGNITION_DIR, copy, { recursive: true })
  const g1 = join(copy, 'bn254_g1_compressed.dat')
  const bytes = readFileSync(g1)
  bytes[4_096] = bytes[4_096]! ^ 0x01
  writeFileSync(g1, bytes)
  return copy
}

/** Starts `verity ...args`, probing `ports` until it exits (a probe that connects means it listened). */
function start(args: readonly string[], ports: readonly number[], env: Record<string, string> = {}): Run {
  const child = spawnVerity(args, { cwd: dir, env: { VERITY_LOG_LEVEL: 'info', ...env } })
  children.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const listened = new Set<number>()
  const probe = setInterval(() => {
    for (const port of ports) {
      const socket = connect({ port, host: '127.0.0.1' })
      socket.once('connect', () => {
        listened.add(port)
        socket.destroy()
      })
      socket.once('error', () => socket.destroy())
    }
  }, PORT_PROBE_INTERVAL_MS)
  const stopProbing = () => clearInterval(probe)
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      stopProbing()
      resolve({ code, signal })
    }),
  )
  return { child, stdout: () => stdout, stderr: () => stderr, exited, listened, stopProbing }
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} after ${ms} ms`)), ms)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

/** Resolves when `test` holds for the run's output (or a port listens), polling; rejects when the process exits first. */
async function waitFor(run: Run, test: () => boolean, what: string): Promise<void> {
  let exited = false
  void run.exited.then(() => (exited = true))
  const deadline = Date.now() + STAGE_WAIT_MS_MAX
  while (!test()) {
    if (exited) throw new Error(`exited before ${what}\nstdout: ${run.stdout()}\nstderr: ${run.stderr()}`)
    if (Date.now() > deadline) throw new Error(`no ${what} within ${STAGE_WAIT_MS_MAX} ms\nstderr: ${run.stderr()}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** The start was refused: non-zero exit, one `error:` line naming `named`, no stack trace, and no port ever listened. */
async function assertRefused(run: Run, ports: readonly number[], named: RegExp): Promise<void> {
  const { code } = await within(run.exited, REFUSED_EXIT_MS_MAX, 'the refused start did not exit')
  const stderr = run.stderr()
  assert.notEqual(code, 0, `exit code\nstderr: ${stderr}`)
  assert.notEqual(code, null, `killed instead of exiting\nstderr: ${stderr}`)
  const errorLines = stderr.split('\n').filter((line) => line.startsWith('error: '))
  assert.equal(errorLines.length, 1, `one error line\nstderr: ${stderr}`)
  assert.match(errorLines[0]!, named)
  assert.doesNotMatch(stderr, /^\s+at /m, 'no stack trace for an expected condition')
  assert.doesNotMatch(run.stdout(), /listening|is up/, 'nothing reports listening')
  for (const port of ports) assert.equal(run.listened.has(port), false, `port ${port} was never listened on`)
}

/** Sends SIGTERM and asserts a prompt exit, ports closed and no native `bb` of the process left. */
async function assertStopsOnSignal(run: Run, ports: readonly number[]): Promise<void> {
  const pid = run.child.pid!
  run.child.kill('SIGTERM')
  const { code, signal } = await within(run.exited, STOP_AFTER_SIGNAL_MS_MAX, `SIGTERM did not end the process (stderr: ${run.stderr()})`)
  assert.equal(signal, null, 'it exits by itself (the signal is handled, not fatal)')
  assert.notEqual(code, null)
  for (const port of ports) assert.equal(await isListening(port), false, `port ${port} is released`)
  assert.deepEqual(bbProcessesOf(pid), [], 'no native bb of the stopped process is left')
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** Processes whose command line names a bb socket of process `pid` (bb.js: bb-<pid>-<thread>-<n>.sock). */
function bbProcessesOf(pid: number): string[] {
  if (process.platform !== 'linux') return []
  const found: string[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const commandLine = readFileSync(join('/proc', entry, 'cmdline'), 'utf8').replaceAll('\0', ' ')
      if (commandLine.includes(`bb-${pid}-`)) found.push(`${entry}: ${commandLine}`)
    } catch {
      // The process ended meanwhile.
    }
  }
  return found
}

/** A domain.yaml on an embedded base layer, taking mandate payments (so its start warms the prover). */
function domainYaml(name: string, port: number, keypair: string): string {
  const path = join(dir, `${name}.yaml`)
  const trusted = '8TjAy8Qb6ZAnZYBDqCPJ7CLSdfrDPV3UiBY4gD5VbXmY'
  writeFileSync(path, [`shard: 1`, `keypair: ${keypair}`, `data_dir: ${join(dir, name)}`, 'app:', `  api_port: ${port}`, 'mandates:', `  trusted_extractor_keys: [${trusted}]`, ''].join('\n'))
  return path
}

describe('fail closed at start', () => {
  before(() => {
    tamperedCrs = makeTamperedCrs()
  })
  after(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  })

  describe('a tampered CRS is refused before anything listens', () => {
    test('orchestrator (--crs-path)', async () => {
      const [port] = await freePorts(1)
      const run = start(['orchestrator', '--port', String(port), '--data-dir', join(dir, 'orchestrator-crs'), '--crs-path', tamperedCrs], [port!])
      await assertRefused(run, [port!], /CRS at .*crs-tampered.*not Ignition's/)
    })

    test('base layer (VERITY_BASE_LAYER_CRS_PATH)', async () => {
      const [port] = await freePorts(1)
      const run = start(['base-layer', '--port', String(port), '--data-dir', join(dir, 'base-layer-crs')], [port!], { VERITY_BASE_LAYER_CRS_PATH: tamperedCrs })
      await assertRefused(run, [port!], /CRS at .*crs-tampered.*not Ignition's/)
    })

    test('domain (--crs-path)', async () => {
      const [port] = await freePorts(1)
      const run = start(['domain', '--config', domainYaml('domain-crs', port!, join(dir, 'domain-crs-key.json')), '--crs-path', tamperedCrs], [port!])
      await assertRefused(run, [port!], /CRS at .*crs-tampered.*not Ignition's/)
    })

    test('web server (--crs-path): the in-browser verifier\'s CRS', async () => {
      const [port] = await freePorts(1)
      const run = start(['web', '--port', String(port), '--crs-path', tamperedCrs], [port!])
      await assertRefused(run, [port!], /CRS at .*crs-tampered.*not Ignition's/)
    })

    test('verity up (--crs-path): no service of the devnet listens', async () => {
      const ports = await freePorts(6)
      const [baseLayer, extractor, orchestrator, domain, web, store] = ports.map(String)
      const run = start(
        ['up', '--data-dir', join(dir, 'up-crs'), '--crs-path', tamperedCrs, '--base-layer-port', baseLayer!, '--extractor-port', extractor!,
          '--orchestrator-port', orchestrator!, '--domain-port', domain!, '--web-port', web!, '--store-port', store!],
        ports,
      )
      await assertRefused(run, ports, /CRS at .*crs-tampered.*not Ignition's/)
    })
  })

  describe('bad key material is refused before anything listens', () => {
    test('extractor: a corrupted attestation key file', async () => {
      const [port] = await freePorts(1)
      const keyFile = join(dir, 'extractor-key.json')
      writeFileSync(keyFile, '"not a base58 key"\n', { mode: 0o600 })
      const run = start(['extractor', '--port', String(port), '--key-file', keyFile], [port!])
      await assertRefused(run, [port!], /extractor-key\.json/)
    })

    test('store: a corrupted payee key file', async () => {
      const [port] = await freePorts(1)
      const keyFile = join(dir, 'store-key.json')
      writeFileSync(keyFile, '{"truncated":', { mode: 0o600 })
      const run = start(['store', '--port', String(port), '--payee-key-file', keyFile, '--state-dir', join(dir, 'store-state')], [port!])
      await assertRefused(run, [port!], /store-key\.json/)
    })

    test('domain: a corrupted operator key file', async () => {
      const [port] = await freePorts(1)
      const keyFile = join(dir, 'operator-bad.json')
      writeFileSync(keyFile, '"3x"\n', { mode: 0o600 })
      const run = start(['domain', '--config', domainYaml('domain-key', port!, keyFile)], [port!])
      await assertRefused(run, [port!], /operator-bad\.json/)
    })

    test('orchestrator: a tokens file others may read', async () => {
      const [port] = await freePorts(1)
      const tokensFile = join(dir, 'tokens-open.json')
      writeFileSync(tokensFile, JSON.stringify([{ name: 'admin', scope: 'admin', token: 'a'.repeat(43) }]), { mode: 0o644 })
      const run = start(['orchestrator', '--port', String(port), '--data-dir', join(dir, 'orchestrator-tokens'), '--tokens-file', tokensFile], [port!])
      await assertRefused(run, [port!], /tokens-open\.json/)
    })

    test('verity up: a corrupted operator key in its data directory', async () => {
      const ports = await freePorts(6)
      const [baseLayer, extractor, orchestrator, domain, web, store] = ports.map(String)
      const dataDir = join(dir, 'up-key')
      mkdirSync(join(dataDir, 'keys'), { recursive: true, mode: 0o700 })
      writeFileSync(join(dataDir, 'keys', 'operator.json'), '"not a key"\n', { mode: 0o600 })
      const run = start(
        ['up', '--data-dir', dataDir, '--base-layer-port', baseLayer!, '--extractor-port', extractor!, '--orchestrator-port', orchestrator!,
          '--domain-port', domain!, '--web-port', web!, '--store-port', store!],
        ports,
      )
      await assertRefused(run, ports, /operator\.json/)
    })
  })

  describe('SIGTERM ends a start at any stage', () => {
    // The note a service command prints once its start is under way; a start that completes within
    // one turn of the event loop (the web server's) prints only its listening line.
    const startingLine = (run: Run) => () => /starting/.test(run.stderr()) || /listening| at http/.test(run.stdout())

    test('orchestrator, while it starts', async () => {
      const [port] = await freePorts(1)
      const run = start(['orchestrator', '--port', String(port), '--data-dir', join(dir, 'orchestrator-sigterm')], [port!])
      await waitFor(run, startingLine(run), 'start line')
      await assertStopsOnSignal(run, [port!])
    })

    test('orchestrator, while its prover warms up', async () => {
      const [port] = await freePorts(1)
      const run = start(['orchestrator', '--port', String(port), '--data-dir', join(dir, 'orchestrator-warm')], [port!])
      await waitFor(run, () => run.listened.has(port!), 'listening')
      // With the native backend, stop it once a bb process of its warm-up runs: it must not outlive it.
      if (process.platform === 'linux' && /native Barretenberg/.test(run.stdout()))
        await waitFor(run, () => bbProcessesOf(run.child.pid!).length > 0, 'a native bb process')
      await assertStopsOnSignal(run, [port!])
    })

    test('base layer, while it starts', async () => {
      const [port] = await freePorts(1)
      const run = start(['base-layer', '--port', String(port), '--data-dir', join(dir, 'base-layer-sigterm')], [port!])
      await waitFor(run, startingLine(run), 'start line')
      await assertStopsOnSignal(run, [port!])
    })

    test('domain, while its prover warms up (before it listens)', async () => {
      const [port] = await freePorts(1)
      const run = start(['domain', '--config', domainYaml('domain-sigterm', port!, join(dir, 'domain-sigterm-key.json'))], [port!])
      await waitFor(run, () => /embedded in-process base layer/.test(run.stdout() + run.stderr()), 'the embedded base layer')
      await assertStopsOnSignal(run, [port!])
      assert.equal(run.listened.has(port!), false, 'it never listened')
    })

    test('extractor, store and web server, while they start', async () => {
      const [extractorPort, storePort, webPort] = await freePorts(3)
      const runs: Array<[Run, number]> = [
        [start(['extractor', '--port', String(extractorPort), '--key-file', join(dir, 'extractor-sigterm.json')], [extractorPort!]), extractorPort!],
        [start(['store', '--port', String(storePort), '--payee-key-file', join(dir, 'store-sigterm.json'), '--state-dir', join(dir, 'store-sigterm')], [storePort!]), storePort!],
        [start(['web', '--port', String(webPort)], [webPort!]), webPort!],
      ]
      for (const [run] of runs) await waitFor(run, startingLine(run), 'start line')
      for (const [run, port] of runs) await assertStopsOnSignal(run, [port])
    })

    test('verity up, while the domain starts', async () => {
      const ports = await freePorts(6)
      const [baseLayer, extractor, orchestrator, domain, web, store] = ports.map(String)
      const run = start(
        ['up', '--data-dir', join(dir, 'up-sigterm'), '--base-layer-port', baseLayer!, '--extractor-port', extractor!, '--orchestrator-port', orchestrator!,
          '--domain-port', domain!, '--web-port', web!, '--store-port', store!],
        ports,
      )
      await waitFor(run, () => run.listened.has(ports[2]!), 'the orchestrator listening')
      await assertStopsOnSignal(run, ports)
      assert.equal(run.listened.has(ports[3]!), false, 'the domain never listened')
    })
  })
})
