// Issue 46, item 4: a data directory of 0.1.0 (commit ebc5c50: bb.js 0.82.2, dev CRS), made by that
// version's own devnet (fixtures/v0.1.0, README.md), opens in this one after `verity upgrade` with
// every balance, intent, payment and SDL the fixture lists; the unsettled SDL is proven and settled
// under today's proof system, the proven but unpaid intent's payment is refused by name, and a new
// transfer and SDL settle.
import assert from 'node:assert/strict'
import { cpSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { after, test } from 'node:test'
import Database from 'better-sqlite3'
import { reproveLegacySdls } from '@verity/domain'
import { readSqliteStamp } from '@verity/postgres'
import { SDL_WITNESS_FORMAT } from '@verity/prover'
import { startStack, type RunningStack } from '../services/startStack.ts'
import { runCliCaptured } from '../testing/runCliCaptured.ts'
import { assertFixtureKept, copyFixture, fixtureDatabases, holdingsOf, proveAndSettle, sdlStatesOf, settleNewTransfer } from '../testing/upgradeFixture.ts'

const fixture = copyFixture('v0.1.0')
const { expected, dataDir, root } = fixture
const FIXTURE = fixture.fixtureDir
let stack: RunningStack | undefined

after(async () => {
  await stack?.close()
  fixture.remove()
})

const snapshot = () => fixtureDatabases(dataDir)

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runCliCaptured(...args)
}

test('verity upgrade brings the 0.1.0 fixture to this version with every balance, intent, payment and SDL; new work settles', { timeout: 900_000 }, async () => {
  const before = snapshot()
  const refusedAtStart = await startStack({ dataDir, ports: { baseLayer: 0, extractor: 0, orchestrator: 0, domain: 0, store: 0 }, store: true, logLevel: 'silent' }).then(
    async (running) => {
      await running.close()
      return undefined
    },
    (error: Error & { code?: string }) => error,
  )
  assert.equal(refusedAtStart?.code, 'DATA_DIR_PROOF_SYSTEM', 'a 0.1.0 directory is not opened without verity upgrade')
  assert.match(refusedAtStart.message, /verity upgrade --data-dir/)

  const dry = await cli('upgrade', '--data-dir', dataDir, '--dry-run')
  assert.equal(dry.code, 0, dry.stderr)
  const unsettled = expected.sdls.find((sdl) => sdl.state === 'Submitted')!
  assert.match(dry.stdout, new RegExp(`SDL ${unsettled.hash} \\(Submitted, not settled\\): witness rebuilt for this version's circuit`))
  assert.match(dry.stdout, /2 proven intent\(s\) keep their proof of "ultrahonk"/)
  assert.deepEqual(snapshot(), before, 'a dry run changes nothing')

  const stampBefore = readSqliteStamp(join(dataDir, 'domain', 'domain.sqlite'), 'domain_migrations')
  assert.deepEqual(stampBefore, { schemaLevel: 5, releases: [] })
  const upgraded = await cli('upgrade', '--data-dir', dataDir, '--json')
  assert.equal(upgraded.code, 0, upgraded.stderr)
  const report = JSON.parse(upgraded.stdout) as { backup_dir: string }
  assert.deepEqual(readSqliteStamp(join(report.backup_dir, 'domain', 'domain.sqlite'), 'domain_migrations'), stampBefore, 'the backup is the 0.1.0 database as it was')
  assert.equal(existsSync(join(report.backup_dir, 'domain', 'proof-system.json')), false)
  assert.equal(readSqliteStamp(join(dataDir, 'domain', 'domain.sqlite'), 'domain_migrations').releases[0]?.proof_system, 'ultrahonk-zk/bb5')
  const again = await cli('upgrade', '--data-dir', dataDir)
  assert.equal(again.code, 0, again.stderr)
  assert.doesNotMatch(again.stdout, /witness rebuilt/, 'running it again converts nothing twice')

  stack = await startStack({ dataDir, ports: { baseLayer: 0, extractor: 0, orchestrator: 0, domain: 0, store: 0 }, store: true, logLevel: 'silent' })
  process.env.VERITY_DATA_DIR = dataDir
  await assertFixtureKept(stack, fixture)
  for (const intent of expected.intents.filter((intent) => intent.proof_system !== null)) {
    const pay = await cli('pay', intent.id, '--orchestrator', stack.orchestrator.url, '--domain', stack.domain.url)
    assert.equal(pay.code, 1)
    assert.match(pay.stderr, intent.paid ? /MANDATE_ALREADY_PAID/ : /MANDATE_PROOF_SYSTEM_RETIRED.*proof system "ultrahonk"/)
  }

  await proveAndSettle(stack, unsettled.hash)
  await settleNewTransfer(stack, fixture.keyFile('bob'), expected.tokens.DMD!, 3, expected.vaults.alice!.address)
  assert.deepEqual((await sdlStatesOf(stack)).map((sdl) => sdl.state), [...expected.sdls.map(() => 'BaseLayerApplied'), 'BaseLayerApplied'])
  const alice = expected.vaults.alice!
  assert.equal((await holdingsOf(stack, fixture.keyFile('alice'), true))[expected.tokens.DMD!], alice.domain[expected.tokens.DMD!]! + 3, 'the re-proven SDL and the new one settled')
})

test('a 0.1.0 directory whose unsettled SDL cannot be proven again is refused by name: nothing changed, no backup, no marker', async () => {
  const dir = join(root, 'refused', '.verity')
  cpSync(join(FIXTURE, 'data-dir'), dir, { recursive: true })
  const [, second, third] = expected.sdls
  const setState = (hash: string, state: string) => {
    const db = new Database(join(dir, 'domain', 'domain.sqlite'))
    db.prepare('UPDATE sdls SET state_name = ?, state = ? WHERE hash = ?').run(state, JSON.stringify(state), hash)
    db.close()
  }
  const files = () => fixtureDatabases(dir)
  const cases: [string, () => void, RegExp][] = [
    // Its old proof went to the base layer, which may still apply it.
    [third!.hash, () => setState(third!.hash, 'ProofSubmitted'), /its proof of the old proof system was submitted to the base layer \(ProofSubmitted\)/],
    // A mandate payment's policy proof is checked again at settlement, and one of 0.1.0 never passes.
    [second!.hash, () => (setState(third!.hash, 'Submitted'), setState(second!.hash, 'Submitted')), /it carries a mandate payment whose policy proof is of the old proof system/],
  ]
  for (const [hash, arrange, reason] of cases) {
    arrange()
    const before = files()
    for (const args of [['--dry-run'], []]) {
      const run = await cli('upgrade', '--data-dir', dir, ...args)
      assert.equal(run.code, 1)
      assert.match(run.stderr, new RegExp(`^error: SDL ${hash} of 0\\.1\\.0 is not applied on the base layer yet and cannot be proven again by this version: `))
      assert.match(run.stderr, reason)
      assert.match(run.stderr, /Settle it with 0\.1\.0 first .*nothing was changed/)
    }
    assert.deepEqual(files(), before)
    assert.equal(existsSync(join(dir, 'backups')), false)
    assert.equal(existsSync(join(dir, 'domain', 'proof-system.json')), false)
  }
})

test('verity upgrade of 0.1.0 finishes after a crash that left the domain converted but not marked nor migrated', async () => {
  const dir = join(root, 'crashed', '.verity')
  cpSync(join(FIXTURE, 'data-dir'), dir, { recursive: true })
  const unsettled = expected.sdls.find((sdl) => sdl.state === 'Submitted')!
  // What a crash between the domain's conversion (one transaction) and its marker leaves.
  assert.deepEqual((await reproveLegacySdls(join(dir, 'domain', 'domain.sqlite'), 1)).map((sdl) => sdl.hash), [unsettled.hash])
  const run = await cli('upgrade', '--data-dir', dir)
  assert.equal(run.code, 0, run.stderr)
  assert.doesNotMatch(run.stdout, /witness rebuilt/, 'converted once')
  assert.match(run.stdout, /domain {7}domain\/domain\.sqlite: schema 5 → 6/)
  assert.equal(existsSync(join(dir, 'domain', 'proof-system.json')), true)
  const db = new Database(join(dir, 'domain', 'domain.sqlite'), { readonly: true })
  const row = db.prepare('SELECT state_name, witness FROM sdls WHERE hash = ?').get(unsettled.hash) as { state_name: string; witness: string }
  db.close()
  assert.equal(row.state_name, 'Submitted')
  assert.equal((JSON.parse(row.witness) as { format: string }).format, SDL_WITNESS_FORMAT)
})
