// `npm run bench` must end by itself, with status 0, when a part cannot run (issue 27): a part
// whose prerequisite is missing is skipped with an install hint, and a part that fails after
// starting its services closes every one of them. Runs the web part of a quick bench in a child
// process, as a user would, with VERITY_CHROMIUM_PATH pointing at no browser.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { STILL_OPEN_MESSAGE } from '../bench/lib/exitWhenIdle.ts'

/** Long enough for a loaded 2-core machine to start the devnet; a hung bench is killed after it. */
const BENCH_RUN_MS_MAX = 300_000

type BenchRun = { code: number | null; output: string; results: { results: { errors: Record<string, string>; skipped: Record<string, string> }; figures: Array<{ id: string; value: number | null }> } }

/** Runs `npm run bench -- --quick --only web` (the same node command) with `env`; kills it when it does not end in time. */
async function runWebBench(env: Record<string, string>): Promise<BenchRun> {
  const dir = mkdtempSync(join(tmpdir(), 'verity-bench-test-'))
  const out = join(dir, 'results.json')
  const child = spawn(process.execPath, ['--conditions=verity-source', '--import', 'tsx', 'bench/run.ts', '--quick', '--only', 'web', '--out', out], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const timer = setTimeout(() => child.kill('SIGKILL'), BENCH_RUN_MS_MAX)
  try {
    const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)))
    assert.notEqual(child.signalCode, 'SIGKILL', `the bench did not end within ${BENCH_RUN_MS_MAX} ms:\n${output}`)
    return { code, output, results: JSON.parse(readFileSync(out, 'utf8')) as BenchRun['results'] }
  } finally {
    clearTimeout(timer)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  }
}

/** True when something accepts a TCP connection on 127.0.0.1:`port`. */
function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

test('without Chromium the web part is skipped with an install hint, and the bench exits with status 0', async () => {
  const run = await runWebBench({ VERITY_CHROMIUM_PATH: '/nonexistent/verity-test/chromium' })
  assert.equal(run.code, 0, run.output)
  assert.match(run.results.results.skipped.web ?? '', /no Chromium executable at \/nonexistent\/verity-test\/chromium \(install it with `apt-get install chromium`, or set VERITY_CHROMIUM_PATH\)/)
  assert.match(run.output, /web skipped: no Chromium executable/)
  assert.equal(run.results.figures.find((figure) => figure.id === 'web.wallet.load.p50')?.value, null, 'the web figure is n/a')
  // Nothing was started: the part checked before it started its services.
  assert.doesNotMatch(run.output, /web: stack on ports/)
  assert.doesNotMatch(run.output, new RegExp(STILL_OPEN_MESSAGE))
})

test('when the browser fails to launch after the services started, they are all closed and the bench exits with status 0', async () => {
  // An executable that is no browser: the prerequisite check passes, the launch fails.
  const run = await runWebBench({ VERITY_CHROMIUM_PATH: '/bin/false' })
  assert.equal(run.code, 0, run.output)
  assert.match(run.output, /web failed: /)
  assert.equal(run.results.results.skipped.web, undefined, 'a launch failure is a failure, not a skip')
  assert.equal(run.results.figures.find((figure) => figure.id === 'web.wallet.load.p50')?.value, null)
  // The bench ended by itself: its exit guard did not have to end it.
  assert.doesNotMatch(run.output, new RegExp(STILL_OPEN_MESSAGE))
  const ports = /web: stack on ports (\d+), (\d+), (\d+), (\d+), (\d+)/.exec(run.output)
  assert.ok(ports, `the web part names its ports:\n${run.output}`)
  for (const port of ports.slice(1).map(Number)) assert.equal(await isListening(port), false, `port ${port} is still listening after the bench exited`)
})
