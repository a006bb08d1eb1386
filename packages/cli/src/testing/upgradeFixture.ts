// The data directories of earlier releases kept as test fixtures (src/upgrade/fixtures/<name>/, each
// with a README saying how it was made and expected.json listing what it holds), and the checks that
// a directory upgraded from one still holds every balance, nonce, SDL, intent and payment listed.
import assert from 'node:assert/strict'
import { chmodSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DomainClient } from '@verity/sdk'
import type { RunningStack } from '../services/startStack.ts'
import { runCliCaptured } from './runCliCaptured.ts'

/** What a fixture's expected.json lists (its writeExpected.mjs). */
export type FixtureExpected = {
  made_by: { commit: string; version: string }
  keys: Record<string, string>
  vaults: Record<string, { address: string; domain: Record<string, number>; finalized: Record<string, number> }>
  nonces: Record<string, number>
  sdls: { hash: string; state: string }[]
  intents: { id: string; status: string; proof_system: string | null; paid: boolean }[]
  payments: { intent: string; amount: number; token: string; from: string; to: string }[]
  tokens: Record<string, string>
}

/** A copy of a fixture in a temporary directory: `dataDir` is its data directory, `keyFile` finds a listed key. */
export type FixtureCopy = { fixtureDir: string; expected: FixtureExpected; root: string; dataDir: string; keyFile(who: string): string; remove(): void }

/** The fixture folder `name` (e.g. "v0.1.0") copied, data directory and test keys, never read in place. */
export function copyFixture(name: string): FixtureCopy {
  const fixtureDir = new URL(`../upgrade/fixtures/${name}/`, import.meta.url).pathname
  const expected = JSON.parse(readFileSync(join(fixtureDir, 'expected.json'), 'utf8')) as FixtureExpected
  const root = mkdtempSync(join(tmpdir(), `verity-upgrade-${name}-`))
  const dataDir = join(root, '.verity')
  cpSync(join(fixtureDir, 'data-dir'), dataDir, { recursive: true })
  cpSync(join(fixtureDir, 'keys'), join(root, 'keys'), { recursive: true })
  makePrivate(dataDir)
  makePrivate(join(root, 'keys'))
  return {
    fixtureDir,
    expected,
    root,
    dataDir,
    keyFile: (who) => join(root, expected.keys[who]!.replace(/^data-dir\//, '.verity/')),
    remove: () => rmSync(root, { recursive: true, force: true }),
  }
}

// Git keeps no file modes but the executable bit, so a fresh clone's fixture is world-readable, which
// the services refuse for files holding secrets (tokens.json, key files). A data directory the release
// wrote was private (directories 0700, files 0600): the copy gets those modes back.
function makePrivate(dir: string): void {
  chmodSync(dir, 0o700)
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) makePrivate(path)
    else chmodSync(path, 0o600)
  }
}

/** The SQLite files of the services of a `verity up` directory of 0.1.0, as bytes: what a refused or rehearsed upgrade leaves as it was. */
export function fixtureDatabases(dataDir: string): Buffer[] {
  return ['base-layer/base-layer.sqlite', 'domain/domain.sqlite', 'orchestrator/orchestrator.sqlite'].map((path) => readFileSync(join(dataDir, path)))
}

/** A vault's holdings (native and each token) as `verity vault show` shows them, the domain's view or the finalized one. */
export async function holdingsOf(stack: RunningStack, keyFile: string, finalized: boolean): Promise<Record<string, number>> {
  const flags = finalized ? ['--finalized', '--base-layer', stack.baseLayer.url] : []
  const run = await runCliCaptured('vault', 'show', keyFile, '--json', '--domain', stack.domain.url, ...flags)
  assert.equal(run.code, 0, run.stderr)
  const { vault } = JSON.parse(run.stdout) as { vault: { balance: number | string; data: { TokenHoldings: { fungibles: Record<string, number | string> } } } }
  return Object.fromEntries(Object.entries({ native: vault.balance, ...vault.data.TokenHoldings.fungibles }).map(([token, amount]) => [token, Number(amount)]))
}

/** Every SDL of the domain and its state, as `verity sdl list` shows them. */
export async function sdlStatesOf(stack: RunningStack): Promise<{ hash: string; state: string }[]> {
  const run = await runCliCaptured('sdl', 'list', '--json', '--domain', stack.domain.url)
  assert.equal(run.code, 0, run.stderr)
  return (JSON.parse(run.stdout) as [string, unknown][]).map(([hash, state]) => ({ hash, state: typeof state === 'string' ? state : JSON.stringify(state) }))
}

/**
 * Checks the running `stack` on an upgraded copy of a fixture against its expected.json: every
 * vault's balances (domain and finalized), every next nonce, every SDL and its state, every intent's
 * status and its proof's system (readable), every payment (listed by the domain, in an applied SDL).
 */
export async function assertFixtureKept(stack: RunningStack, fixture: FixtureCopy): Promise<void> {
  const { expected } = fixture
  for (const [who, vault] of Object.entries(expected.vaults)) {
    assert.deepEqual(await holdingsOf(stack, fixture.keyFile(who), false), vault.domain, `${who}'s balances`)
    assert.deepEqual(await holdingsOf(stack, fixture.keyFile(who), true), vault.finalized, `${who}'s finalized balances`)
  }
  for (const [ownerId, next] of Object.entries(expected.nonces)) {
    const run = await runCliCaptured('nonce', ownerId, '--json', '--domain', stack.domain.url)
    assert.equal((JSON.parse(run.stdout) as { next_nonce: number }).next_nonce, next, `${ownerId}'s next nonce`)
  }
  assert.deepEqual(await sdlStatesOf(stack), expected.sdls)
  for (const intent of expected.intents) {
    const status = await runCliCaptured('intent', 'status', intent.id, '--json', '--orchestrator', stack.orchestrator.url)
    assert.equal((JSON.parse(status.stdout) as { status: string }).status, intent.status, intent.id)
    if (intent.proof_system === null) continue
    const proof = (await (await fetch(`${stack.orchestrator.url}/proofs/${intent.id}`)).json()) as { proof: { artifact: { system: string } } }
    assert.equal(proof.proof.artifact.system, intent.proof_system, 'an old proof stays readable, naming its proof system')
  }
  for (const payment of expected.payments) {
    // A payment of 0.1.0 was stored with its key (signer and id) but no digests: the domain still lists it, in the SDL that settled it.
    const [listed, ...more] = await new DomainClient(stack.domain.url).listPayments({ intentId: payment.intent })
    assert.equal(more.length, 0)
    assert.deepEqual(
      { intent: listed?.intent_id, amount: Number(listed?.amount), token: listed?.token, from: listed?.debited, to: listed?.credited, sdl: listed?.sdl?.state },
      { ...payment, sdl: 'BaseLayerApplied' },
    )
  }
}

/** Proves and settles SDL `hash` with the CLI (verity sdl prove / settle). */
export async function proveAndSettle(stack: RunningStack, hash: string): Promise<void> {
  for (const step of ['prove', 'settle']) {
    const run = await runCliCaptured('sdl', step, hash, '--domain', stack.domain.url)
    assert.equal(run.code, 0, run.stderr)
  }
}

/** A new transfer of `amount` of `token` from `fromKey` to `to`, sealed into a new SDL, proven and settled: new work after an upgrade. */
export async function settleNewTransfer(stack: RunningStack, fromKey: string, token: string, amount: number, to: string): Promise<void> {
  const sent = await runCliCaptured('transfer', '--key', fromKey, '--token', token, '--amount', String(amount), '--to', to, '--domain', stack.domain.url)
  assert.equal(sent.code, 0, sent.stderr)
  const submitted = await runCliCaptured('sdl', 'submit', '--domain', stack.domain.url)
  assert.equal(submitted.code, 0, submitted.stderr)
  await proveAndSettle(stack, submitted.stdout.trim())
}
