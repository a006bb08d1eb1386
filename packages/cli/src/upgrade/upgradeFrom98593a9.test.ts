// Issue 46: a data directory of the last release tagged 0.1.0 (commit 98593a9: Barretenberg 5 proofs,
// SDL witnesses "sdl-batch-cache/2"), made by that version's own devnet (fixtures/v0.1.0-98593a9,
// README.md), is refused at start until `verity upgrade`, then opens with every balance, intent,
// payment and SDL the fixture lists; the unsettled SDL, given today's witness, is proven and settled,
// the proven but unpaid intent pays with its Barretenberg 5 proof, and a new transfer settles.
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, test } from 'node:test'
import Database from 'better-sqlite3'
import { reproveLegacySdls } from '@verity/domain'
import { DomainClient } from '@verity/sdk'
import { readSqliteStamp } from '@verity/postgres'
import { SDL_WITNESS_FORMAT } from '@verity/prover'
import { startStack, type RunningStack } from '../services/startStack.ts'
import { runCliCaptured } from '../testing/runCliCaptured.ts'
import { assertFixtureKept, copyFixture, fixtureDatabases, holdingsOf, proveAndSettle, sdlStatesOf, settleNewTransfer } from '../testing/upgradeFixture.ts'

const fixture = copyFixture('v0.1.0-98593a9')
const { expected, dataDir } = fixture
const ports = { baseLayer: 0, extractor: 0, orchestrator: 0, domain: 0, store: 0 }
let stack: RunningStack | undefined

after(async () => {
  await stack?.close()
  fixture.remove()
})

test('verity upgrade brings the fixture of 98593a9 to this version with every balance, intent, payment and SDL; in-flight work settles', { timeout: 900_000 }, async () => {
  const unsettled = expected.sdls.find((sdl) => sdl.state === 'Submitted')!
  const domainBefore = readFileSync(join(dataDir, 'domain', 'domain.sqlite'))
  const databasesBefore = fixtureDatabases(dataDir)
  const refusedAtStart = await startStack({ dataDir, ports, store: true, logLevel: 'silent' }).then(
    async (running) => {
      await running.close()
      return undefined
    },
    (error: Error & { code?: string }) => error,
  )
  assert.equal(refusedAtStart?.code, 'SDL_WITNESS_FORMAT', 'an unsettled SDL of "sdl-batch-cache/2" is not opened without verity upgrade')
  assert.match(refusedAtStart.message, new RegExp(`first: ${unsettled.hash}\\).*Run verity upgrade first \\(verity upgrade --data-dir DIR`))
  // Refused before the domain's store opened: not migrated, no release recorded, so 98593a9 could still open it to settle its SDLs.
  assert.deepEqual(readFileSync(join(dataDir, 'domain', 'domain.sqlite')), domainBefore, 'a refused start leaves the domain database as it was')
  assert.deepEqual(fixtureDatabases(dataDir), databasesBefore, 'nor does it open (and record this release in) the database of any other service')

  const before = fixtureDatabases(dataDir)
  const dry = await runCliCaptured('upgrade', '--data-dir', dataDir, '--dry-run')
  assert.equal(dry.code, 0, dry.stderr)
  assert.match(dry.stdout, new RegExp(`SDL ${unsettled.hash} \\(Submitted, not settled\\): witness rebuilt for this version's circuit`))
  assert.doesNotMatch(dry.stdout, /kept as history/, 'proofs of Barretenberg 5 need no conversion')
  assert.deepEqual(fixtureDatabases(dataDir), before, 'a dry run changes nothing')

  const upgraded = await runCliCaptured('upgrade', '--data-dir', dataDir, '--json')
  assert.equal(upgraded.code, 0, upgraded.stderr)
  const report = JSON.parse(upgraded.stdout) as { backup_dir: string }
  assert.deepEqual(readSqliteStamp(join(report.backup_dir, 'domain', 'domain.sqlite'), 'domain_migrations'), { schemaLevel: 5, releases: [] }, 'the backup is the database of 98593a9 as it was')
  assert.equal(existsSync(join(report.backup_dir, 'domain', 'proof-system.json')), true)
  const again = await runCliCaptured('upgrade', '--data-dir', dataDir)
  assert.equal(again.code, 0, again.stderr)
  assert.doesNotMatch(again.stdout, /witness rebuilt/, 'running it again converts nothing twice')
  const db = new Database(join(dataDir, 'domain', 'domain.sqlite'), { readonly: true })
  const row = db.prepare('SELECT state_name, witness FROM sdls WHERE hash = ?').get(unsettled.hash) as { state_name: string; witness: string }
  db.close()
  assert.deepEqual([row.state_name, (JSON.parse(row.witness) as { format: string }).format], ['Submitted', SDL_WITNESS_FORMAT])

  stack = await startStack({ dataDir, ports, store: true, logLevel: 'silent' })
  process.env.VERITY_DATA_DIR = dataDir
  await assertFixtureKept(stack, fixture)

  const [paid, unpaid] = expected.intents.filter((intent) => intent.proof_system !== null)
  const payAgain = await runCliCaptured('pay', paid!.id, '--orchestrator', stack.orchestrator.url, '--domain', stack.domain.url)
  assert.equal(payAgain.code, 1)
  assert.match(payAgain.stderr, /MANDATE_ALREADY_PAID/)
  // The unpaid intent's proof is of Barretenberg 5, as today's: it still pays, once.
  const pay = await runCliCaptured('pay', unpaid!.id, '--orchestrator', stack.orchestrator.url, '--domain', stack.domain.url)
  assert.equal(pay.code, 0, pay.stderr)
  const [payment, ...more] = await new DomainClient(stack.domain.url).listPayments({ intentId: unpaid!.id })
  assert.equal(more.length, 0)
  const [first] = expected.payments
  assert.deepEqual([payment?.amount, payment?.token, payment?.debited, payment?.credited].map(String), [first!.amount, first!.token, first!.from, first!.to].map(String))

  await proveAndSettle(stack, unsettled.hash)
  // The new transfer's SDL carries the payment too: the base layer checks its Barretenberg 5 proof as it applies it.
  await settleNewTransfer(stack, fixture.keyFile('bob'), expected.tokens.DMD!, 3, expected.vaults.alice!.address)
  assert.deepEqual((await sdlStatesOf(stack)).map((entry) => entry.state), [...expected.sdls.map(() => 'BaseLayerApplied'), 'BaseLayerApplied'])
  const { alice, store } = expected.vaults
  assert.equal((await holdingsOf(stack, fixture.keyFile('alice'), true))[expected.tokens.DMD!], alice!.domain[expected.tokens.DMD!]! + 3, 'the re-witnessed SDL and the new one settled')
  assert.equal((await holdingsOf(stack, fixture.keyFile('store'), true))[expected.tokens.USD!], store!.finalized[expected.tokens.USD!]! + first!.amount, 'the late payment settled')
})

test('an unsettled SDL of 98593a9 that carries a mandate payment is re-witnessed, not refused: its policy proof is of Barretenberg 5', async () => {
  const copy = copyFixture('v0.1.0-98593a9')
  try {
    const [, paying, unsettled] = expected.sdls
    // As if SDL 2 (the paid intent's payment) had been proven by 98593a9 but not yet submitted.
    const path = join(copy.dataDir, 'domain', 'domain.sqlite')
    const db = new Database(path)
    db.prepare('UPDATE sdls SET state_name = ?, state = ? WHERE hash = ?').run('Proven', JSON.stringify('Proven'), paying!.hash)
    db.close()
    assert.deepEqual(await reproveLegacySdls(path, 1), [
      { hash: paying!.hash, stateBefore: 'Proven' },
      { hash: unsettled!.hash, stateBefore: 'Submitted' },
    ])
  } finally {
    copy.remove()
  }
})
