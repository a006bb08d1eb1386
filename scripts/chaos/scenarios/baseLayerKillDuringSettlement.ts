// kill -9 of the base layer while a domain settles an SDL: transfers are cut into an SDL and
// proven (real SDL proofs), then submit_proof races a kill -9 of the base-layer node. After the
// node restarts on the same data directory the domain settles the SDL again; the base layer must
// have applied it exactly once (the shard's sequence advanced by one per SDL, the SDL's status
// applied), and its finalized vaults must agree with the domain's.
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { Ed25519Signer } from '@verity/core'
import { freePorts } from '../../../packages/cli/src/testing/freePorts.ts'
import type { ChaosScenario } from '../ChaosScenario.ts'
import type { ChaosContext } from '../lib/ChaosContext.ts'
import { fundTransferRing, readRingBalance, writeDomainYaml, type TransferRing } from '../lib/domainFixture.ts'
import { seededRandom } from '../lib/seededRandom.ts'
import { ServiceClient } from '../lib/ServiceClient.ts'
import { waitUntil } from '../lib/waitUntil.ts'

const SHARD = 1
/** Longest wait for an SDL proof (10–15 s of CPU here), in milliseconds. */
const PROVING_TIMEOUT_MS = 240_000
/** Longest wait for a settlement once the node is back, in milliseconds. */
const SETTLE_TIMEOUT_MS = 120_000
/** The kill comes this long after submit_proof at most, in milliseconds (settling verifies proofs: seconds). */
const KILL_DELAY_MS_MAX = 1_500

export const baseLayerKillDuringSettlement: ChaosScenario = {
  name: 'base-layer-kill-during-settlement',
  promise: 'an SDL whose settlement is interrupted by kill -9 of the base layer settles exactly once after the restart',
  budgetMs: (settings) => settings.settlementKill.budgetMs,
  async run(context) {
    const dir = context.makeTempDir('settlement')
    const operator = Ed25519Signer.generate()
    const genesisPath = join(dir, 'genesis.json')
    writeFileSync(genesisPath, JSON.stringify({ accounts: [{ pub_key: operator.publicKeyBase58, balance: 1_000_000_000 }], agreement_activation_delay_ms: 200 }))
    const [port] = await freePorts(1)
    const startNode = () => context.startService({ kind: 'base-layer', args: ['--port', String(port), '--data-dir', join(dir, 'base-layer'), '--genesis', genesisPath] })
    let node = await startNode()
    const rpc = new ServiceClient(node.url, context.authHeaders)
    const domain = await context.startService({ kind: 'domain', args: ['--config', writeDomainYaml(dir, { shard: SHARD, port: 0, rpcUrl: node.url, operator })] })
    const client = new ServiceClient(domain.url, context.authHeaders)
    const ring = await fundTransferRing(client, SHARD, 3, 1_000n)
    const random = seededRandom(context.seed)
    for (let cycle = 0; cycle < context.settings.settlementKill.cycles; cycle++) {
      context.deadline.check()
      await client.postOk('/intents/execute', ring.writers.map((_, index) => ring.transfer(index, BigInt(cycle + 1), BigInt(1 + index))))
      const hash = (await client.postOk('/sdls/submit')) as string
      await proveSdl(context, client, hash)
      const settling = client.post(`/sdls/${hash}/submit_proof`)
      await sleep(random(KILL_DELAY_MS_MAX))
      await node.killHard()
      context.figures.add('base-layer kills during settlement')
      const raced = await settling.catch(() => ({ status: 0 }))
      context.figures.add(raced.status === 200 ? 'settlements finished before the kill' : 'settlements interrupted by the kill')
      const restartedAtMs = Date.now()
      node = await startNode()
      context.figures.sample('base-layer restart to listening (ms)', Date.now() - restartedAtMs)
      await settle(context, client, hash)
      context.figures.sample('settled after the restart (ms)', Date.now() - restartedAtMs)
      const shard = await call(rpc, 'getShard', { shard: SHARD })
      assert.equal(shard.sequence, cycle + 1, `SDL ${cycle + 1} (${hash}): the shard's sequence is ${shard.sequence}: settled ${shard.sequence > cycle + 1 ? 'more than once' : 'not at all'}`)
      assert.equal(shard.last_sdl_hash, hash)
      assert.equal((await call(rpc, 'getSdlStatus', { hash })).status, 'applied')
      // Asked again, the domain answers from its state; the base layer refuses a replay.
      assert.equal((await client.postOk(`/sdls/${hash}/submit_proof`)).state, 'BaseLayerApplied')
      assert.equal((await call(rpc, 'getShard', { shard: SHARD })).sequence, cycle + 1, 'a second submit_proof settled the SDL again')
      await assertFinalizedMatchesDomain(rpc, client, ring)
    }
    context.figures.set('SDLs settled', context.settings.settlementKill.cycles)
  },
}

async function proveSdl(context: ChaosContext, client: ServiceClient, hash: string): Promise<void> {
  const reply = await client.post(`/sdls/${hash}/prove`)
  assert.ok(reply.status === 202 || reply.status === 200, `prove answered ${reply.status}: ${reply.text}`)
  const startedAtMs = Date.now()
  await waitUntil(`SDL ${hash} to be proven`, async () => {
    const state = await client.getOk(`/sdls/${hash}`)
    if (typeof state === 'object' && state !== null && 'ProvingFailed' in state) throw new Error(`proving failed: ${JSON.stringify(state)}`)
    return state === 'Proven' ? true : undefined
  }, { timeoutMs: PROVING_TIMEOUT_MS, intervalMs: 500, deadline: context.deadline })
  context.figures.sample('SDL proof (ms)', Date.now() - startedAtMs)
}

/** submit_proof until the SDL is BaseLayerApplied (503 while the node is down or busy). */
async function settle(context: ChaosContext, client: ServiceClient, hash: string): Promise<void> {
  await waitUntil(`SDL ${hash} to be settled`, async () => {
    const state = await client.getOk(`/sdls/${hash}`)
    if (state === 'BaseLayerApplied') return true
    if (typeof state === 'object' && state !== null && 'BaseLayerFailed' in state) throw new assert.AssertionError({ message: `the base layer refused the SDL: ${JSON.stringify(state)}` })
    const reply = await client.post(`/sdls/${hash}/submit_proof`)
    if (reply.status >= 500 && reply.status !== 503) throw new assert.AssertionError({ message: `submit_proof answered ${reply.status}: ${reply.text}` })
    return reply.status === 200 && reply.json?.state === 'BaseLayerApplied' ? true : undefined
  }, { timeoutMs: SETTLE_TIMEOUT_MS, intervalMs: 500, deadline: context.deadline })
}

async function call(rpc: ServiceClient, method: string, params: unknown): Promise<any> {
  const reply = await rpc.postOk('/', { jsonrpc: '2.0', id: 1, method, params })
  if (reply.error !== undefined) throw new Error(`${method}: ${JSON.stringify(reply.error)}`)
  return reply.result
}

async function assertFinalizedMatchesDomain(rpc: ServiceClient, client: ServiceClient, ring: TransferRing): Promise<void> {
  for (const [index, writer] of ring.writers.entries()) {
    const vault = await call(rpc, 'getVault', { address: writer.address })
    const finalized = BigInt(vault?.data?.TokenHoldings?.fungibles?.[ring.token] ?? 0)
    assert.equal(finalized, await readRingBalance(client, ring, index), `writer ${index}: the base layer's finalized balance differs from the domain's`)
  }
}
