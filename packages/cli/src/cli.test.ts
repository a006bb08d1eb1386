import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { Ed25519Signer, VERITY_VERSION } from '@verity/core'
import { commands } from './commands/index.ts'
import { runCliCaptured } from './testing/runCliCaptured.ts'
import { freePorts } from './testing/freePorts.ts'
import { runVerity, type VerityRun } from './testing/runVerity.ts'

// Every command's --help and many bad arguments go through runCli in this process (a child per
// case would cost this loaded machine a minute); a sample of each runs the real `verity` binary
// in a child process, as a user would, to show the two behave the same.

const dir = mkdtempSync(join(tmpdir(), 'verity-cli-'))
after(() => rmSync(dir, { recursive: true, force: true }))
const key = join(dir, 'key.json')
Ed25519Signer.generate().toKeyFile(key)

const runInProcess = (args: readonly string[]): Promise<VerityRun> => runCliCaptured(...args)

function assertUsageError(run: VerityRun, pattern: RegExp): void {
  assert.equal(run.code, 2, `exit code 2 expected; stderr: ${run.stderr}`)
  assert.equal(run.stdout, '')
  const lines = run.stderr.trimEnd().split('\n')
  assert.equal(lines.length, 1, `one line expected, got: ${run.stderr}`)
  assert.match(lines[0]!, pattern)
}

function assertHelp(run: VerityRun, path: readonly string[], usage: string): void {
  assert.equal(run.code, 0, `verity ${path.join(' ')} --help: ${run.stderr}`)
  assert.match(run.stdout, new RegExp(`^verity ${path.join(' ')} — `))
  assert.ok(run.stdout.includes(`usage: ${usage}`), path.join(' '))
  assert.match(run.stdout, /--json/)
  assert.match(run.stdout, /exit codes: 0 success, 1 failure, 2 bad arguments/)
}

describe('verity --help', () => {
  test('every command prints its usage and options and exits 0', async () => {
    for (const command of commands) assertHelp(await runInProcess([...command.path, '--help']), command.path, command.usage)
  })

  test('the binary prints the same help (child processes)', async () => {
    for (const path of [['verify'], ['sdl', 'settle']]) {
      const command = commands.find((c) => c.path.join(' ') === path.join(' '))!
      assertHelp(await runVerity([...path, '--help']), path, command.usage)
    }
    const run = await runVerity(['-h', 'propose'])
    assert.equal(run.code, 0)
    assert.match(run.stdout, /^verity propose — /)
  })

  test('the overview lists every command; a group lists its own', async () => {
    const run = await runInProcess(['--help'])
    assert.equal(run.code, 0)
    for (const command of commands) assert.ok(run.stdout.includes(`  ${command.path.join(' ')} `), command.path.join(' '))
    const group = await runInProcess(['sdl'])
    assert.equal(group.code, 0)
    assert.match(group.stdout, /sdl prove/)
    assert.doesNotMatch(group.stdout, /keygen/)
  })
})

describe('verity --version', () => {
  test('prints the release alone on a line, from the binary too; the overview names it', async () => {
    assert.deepEqual(await runInProcess(['--version']), { code: 0, stdout: `${VERITY_VERSION}\n`, stderr: '' })
    assert.deepEqual(await runVerity(['--version']), { code: 0, stdout: `${VERITY_VERSION}\n`, stderr: '' })
    assert.match((await runInProcess(['--help'])).stdout, new RegExp(`^verity ${VERITY_VERSION.replaceAll('.', '\\.')} — `))
    // A command's own --version is no version request: an unknown option of that command.
    assert.equal((await runInProcess(['keygen', '--version'])).code, 2)
  })
})

const usageCases: Array<[string, string[], RegExp]> = [
  ['unknown command', ['frobnicate'], /^unknown command: verity frobnicate/],
  ['unknown option', ['propose', 'x', '--solution', 's', '--bogus'], /^verity propose: Unknown option '--bogus'/],
  ['missing argument', ['verify'], /^verity verify: expected 1 argument\(s\), got 0; usage: verity verify PROOF\.json/],
  ['too many arguments', ['intent', 'status', 'a', 'b'], /^verity intent status: expected 1 argument\(s\), got 2/],
  ['missing required flag', ['intent', 'create', '--key', key], /^verity intent create: --template ID is required$/],
  ['bad amount', ['mint', '--key', key, '--amount', '12.5'], /^verity mint: --amount must be a whole number$/],
  ['zero amount', ['transfer', '--key', key, '--to', 'x,1', '--amount', '0'], /^verity transfer: --amount must be between 1 and 2\^64-1$/],
  ['both --amount and --nfts', ['transfer', '--key', key, '--to', `${Ed25519Signer.fromSecretKey(new Uint8Array(32).fill(1)).ownerId},1`, '--amount', '1', '--nfts', '1'], /^verity transfer: give exactly one of --amount and --nfts$/],
  ['bad shard', ['address', key, '--shard', '0'], /^verity address: --shard must be an integer ≥ 1$/],
  ['bad attr', ['intent', 'create', '--template', 't', '--key', key, '--attr', 'novalue'], /^verity intent create: --attr expects name=value/],
  ['decimal cents', ['intent', 'create', '--template', 't', '--key', key, '--attr', 'max_price_cents=25.00'], /^verity intent create: --attr max_price_cents=25\.00: cents are whole numbers: 2500 for \$25\.00$/],
  ['past deadline', ['intent', 'create', '--template', 't', '--key', key, '--attr', 'payment_deadline_ms=1000'], /^verity intent create: --attr payment_deadline_ms=1000 \(1970-01-01T00:00:01\.000Z\) is in the past: give a time at least 60 s from now/],
  ['template file for an id', ['intent', 'create', '--template', key, '--key', key], /^verity intent create: --template .*key\.json is a file, not a template id; push it first: verity template push .*key\.json$/],
  ['check without --solution', ['check', 'x'], /^verity check: --solution S is required$/],
  ['bad shape', ['intent', 'create', '--template', 't', '--key', key, '--shape', 'c'], /^verity intent create: --shape must be a or b$/],
  ['bad metadata', ['propose', 'x', '--solution', 's', '--metadata', '{oops'], /^verity propose: --metadata must be JSON/],
  ['--proof-out without --wait', ['propose', 'x', '--solution', 's', '--proof-out', 'p.json'], /^verity propose: --proof-out and --timeout need --wait$/],
  ['bad timeout', ['propose', 'x', '--solution', 's', '--wait', '--timeout', '-1'], /^verity propose: /],
  ['bad event id', ['events', '--from', 'yesterday'], /^verity events: --from must be an event id/],
  ['bad event count', ['events', '--count', '0'], /^verity events: --count must be a whole number ≥ 1$/],
  ['missing proof file', ['verify', join(dir, 'absent.json')], /^verity verify: cannot read proof file .*absent\.json: ENOENT$/],
  ['bad port', ['up', '--domain-port', '70000'], /^verity up: port must be an integer 0–65535/],
  ['bad store port', ['up', '--store-port', 'x'], /^verity up: port must be an integer 0–65535, got "x"$/],
  ['bad up allowance', ['up', '--storefront-private-addresses-allowed', '127.0.0.1:8099,localhost'], /^verity up: --storefront-private-addresses-allowed: option storefrontPrivateAddressesAllowed="localhost": expected an IP address/],
  ['bad store option', ['store', '--port', '0', '--payee-shard', '0'], /^verity store: option --payee-shard="0": /],
  ['bad store payee', ['store', '--port', '0', '--payee', 'alice'], /^verity store: option payee="alice": /],
  ['keygen without --out', ['keygen'], /^verity keygen: --out FILE is required$/],
  ['bad storefront port', ['extractor', '--port', '0', '--storefront-ports-allowed', '80,http'], /^verity extractor: option --storefront-ports-allowed="80,http": expected ports 1-65535 separated by commas$/],
  ['bad private address', ['extractor', '--port', '0', '--storefront-private-addresses-allowed', '10.0.0.0/8,localhost'], /^verity extractor: option storefrontPrivateAddressesAllowed="localhost": expected an IP address/],
  ['keygen over a file', ['keygen', '--out', key], /^verity keygen: .*key\.json exists; pass --force to overwrite it$/],
]

describe('bad arguments: one line on stderr, exit code 2', () => {
  for (const [name, args, pattern] of usageCases) test(name, async () => assertUsageError(await runInProcess(args), pattern))

  test('deadline under a minute away', async () => {
    const run = await runInProcess(['intent', 'create', '--template', 't', '--key', key, '--attr', `payment_deadline_ms=${Date.now() + 30_000}`])
    assertUsageError(run, /^verity intent create: --attr payment_deadline_ms=\d+ .* is less than a minute away/)
  })

  test('the binary answers the same (child processes)', async () => {
    for (const [, args, pattern] of usageCases.filter(([name]) => ['unknown option', 'bad amount', 'bad event id'].includes(name)))
      assertUsageError(await runVerity(args, { cwd: dir }), pattern)
  })
})

describe('verity crs check', () => {
  test("checks the committed Ignition prefix against its pinned SHA-256 and says where it comes from", async () => {
    const run = await runInProcess(['crs', 'check', '--json'])
    assert.equal(run.code, 0, run.stderr)
    const info = JSON.parse(run.stdout) as Record<string, unknown>
    assert.equal(info.crs, 'ignition')
    assert.equal(info.points, 32769)
    assert.equal(info.g2_sha256, '01797bfc4de5a96f0e516a9ea4537d18786dc30cb991aca4274c95822b69c32f')
  })

  test('a directory without the Ignition files fails (exit 1), naming the missing file', async () => {
    const run = await runInProcess(['crs', 'check', '--dir', dir])
    assert.equal(run.code, 1)
    assert.match(run.stderr, /no bn254_g2\.dat/)
  })
})

describe('failures: exit code 1 with the reason', () => {
  test('a service that cannot be reached', async () => {
    const [port] = await freePorts(1)
    const run = await runVerity(['intent', 'status', '7a831c6a-de98-4b55-850f-231941f568cc', '--orchestrator', `http://127.0.0.1:${port}`])
    assert.equal(run.code, 1)
    assert.equal(run.stdout, '')
    assert.match(run.stderr, /^error: cannot reach http:\/\/127\.0\.0\.1:\d+\/intents\/7a831c6a-.*\/status: ECONNREFUSED: is the devnet running\? start it with npm start \(or verity up\), or give its URL with --orchestrator URL or VERITY_ORCHESTRATOR_URL\n$/)
    // The domain's commands name the domain's flag and variable.
    const domain = await runInProcess(['nonce', 'x', '--domain', `http://127.0.0.1:${port}`])
    assert.match(domain.stderr, /ECONNREFUSED: is the devnet running\? .*--domain URL or VERITY_DOMAIN_URL\n$/)
  })

  test('an event stream that never opens (events, propose --force --wait: no dry run first)', async () => {
    const [port] = await freePorts(1)
    const url = `http://127.0.0.1:${port}`
    for (const args of [['events', '--orchestrator', url], ['propose', 'x', '--solution', 's', '--force', '--wait', '--orchestrator', url]]) {
      const run = await runInProcess(args)
      assert.equal(run.code, 1, args[0])
      assert.equal(run.stderr, `error: cannot reach ${url}/events: ECONNREFUSED: is the devnet running? start it with npm start (or verity up), or give its URL with --orchestrator URL or VERITY_ORCHESTRATOR_URL\n`)
    }
  })

  test('a proof file that is not a proof bundle', async () => {
    const path = join(dir, 'not-a-proof.json')
    writeFileSync(path, JSON.stringify({ proof: {} }))
    const run = await runInProcess(['verify', path])
    assert.equal(run.code, 1)
    assert.match(run.stderr, /^error: malformed proof bundle: signed_intent is missing/m)
  })

  test('an invalid key file', async () => {
    const path = join(dir, 'bad-key.json')
    writeFileSync(path, JSON.stringify('not a key'))
    const run = await runInProcess(['owner-id', path])
    assert.equal(run.code, 1)
    assert.match(run.stderr, /^error: invalid key file .*bad-key\.json/)
  })

  test('a port that is taken', async () => {
    const [port] = await freePorts(1)
    const { createServer } = await import('node:net')
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
    try {
      const run = await runInProcess(['extractor', '--port', String(port)])
      assert.equal(run.code, 1)
      // After the note that the start is under way (`starting the extractor …`), one error line.
      assert.match(run.stderr, new RegExp(`^error: cannot listen on 127\\.0\\.0\\.1:${port}: EADDRINUSE`, 'm'))
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  test('intent create shows a deadline as a date with how far away it is (stderr), before anything is sent', async () => {
    const [port] = await freePorts(1)
    // 59.2 min: Math.round gives 59 however long the run takes to reach formatDeadline (59.5 was 60 when it took 0 ms).
    const deadline = Date.now() + 59.2 * 60_000
    const run = await runInProcess(['intent', 'create', '--template', 't', '--key', key, '--attr', `payment_deadline_ms=${deadline}`, '--orchestrator', `http://127.0.0.1:${port}`])
    assert.equal(run.code, 1)
    assert.equal(run.stdout, '')
    const iso = new Date(deadline).toISOString()
    assert.ok(run.stderr.startsWith(`payment_deadline_ms: ${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC (in 59 min)\nerror: cannot reach`), run.stderr)
  })

  test('a port that is taken on verity up: one line naming its --…-port flag, before anything starts', async () => {
    const [port] = await freePorts(1)
    const { createServer } = await import('node:net')
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
    try {
      const zero = ['--base-layer-port', '0', '--extractor-port', '0', '--domain-port', '0', '--web-port', '0', '--store-port', '0']
      const run = await runInProcess(['up', '--data-dir', join(dir, 'up-taken'), ...zero, '--orchestrator-port', String(port)])
      assert.equal(run.code, 1)
      assert.equal(run.stdout, '')
      assert.equal(run.stderr, `error: the orchestrator cannot listen on 127.0.0.1:${port} (EADDRINUSE): pick another port with --orchestrator-port N (0: any free port), or stop what listens there (another verity up?)\n`)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
