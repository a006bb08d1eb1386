// PostgreSQL crashed and restarted under the PG-backed services (a domain with its embedded base
// layer, and an orchestrator), on a throwaway cluster of the suite's own. While the database is
// away the services may refuse (503) but never lose what they acknowledged; once it is back the
// orchestrator answers again by itself, the domain refuses writes with SHARD_LOCK_LOST until it is
// restarted (by design: see resumeDomainWrites), the transfers add up, and proposals succeed.
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { Ed25519Signer } from '@verity/core'
import type { ChaosScenario } from '../ChaosScenario.ts'
import type { ChaosContext } from '../lib/ChaosContext.ts'
import { collectReplay } from './collectReplay.ts'
import { CLOTHING_TEMPLATE_SOURCE, newClothingIntent, VALID_CLOTHING_SOLUTION } from '../lib/clothingIntent.ts'
import { fundTransferRing, writeDomainYaml } from '../lib/domainFixture.ts'
import { RingLoad } from '../lib/RingLoad.ts'
import { seededRandom } from '../lib/seededRandom.ts'
import { ServiceClient } from '../lib/ServiceClient.ts'
import type { ServiceProcess } from '../lib/ServiceProcess.ts'
import { ThrowawayPostgres } from '../lib/ThrowawayPostgres.ts'
import { waitUntil } from '../lib/waitUntil.ts'

const SHARD = 1
/** How long the database stays down per cycle, at most, in milliseconds. */
const DOWN_MS_MAX = 2_000
/** Longest wait for a service to answer again once the database is back, in milliseconds. */
const RECOVERY_TIMEOUT_MS = 60_000
const OUTCOME_TIMEOUT_MS = 120_000

export const postgresRestartUnderServices: ChaosScenario = {
  name: 'postgres-restart-under-services',
  promise: 'PostgreSQL crashed and restarted under the domain and the orchestrator: nothing acknowledged lost, the orchestrator answers again by itself, the domain after the restart its lost shard lock asks for',
  budgetMs: (settings) => settings.postgresRestart.budgetMs,
  async run(context) {
    const { cycles, writers } = context.settings.postgresRestart
    const cluster = await ThrowawayPostgres.create(context.makeTempDir('pg'))
    context.onCleanup(() => cluster.stop())
    const dir = context.makeTempDir('pg-services')
    const domainConfig = writeDomainYaml(dir, { shard: SHARD, port: 0, databaseUrl: cluster.url })
    const startDomain = () => context.startService({ kind: 'domain', args: ['--config', domainConfig] })
    let domain = await startDomain()
    const orchestrator = await context.startService({ kind: 'orchestrator', args: ['--port', '0', '--database-url', cluster.url, '--job-lease', '5s'] })
    const domainClient = new ServiceClient(domain.url, context.authHeaders)
    const orchestratorClient = new ServiceClient(orchestrator.url, context.authHeaders)
    const random = seededRandom(context.seed)
    const ring = await fundTransferRing(domainClient, SHARD, writers, 1_000_000n)
    const load = new RingLoad(domainClient, ring, context.deadline, random)
    const templateId = (await orchestratorClient.postOk('/templates', CLOTHING_TEMPLATE_SOURCE)).template_id as string
    const signer = Ed25519Signer.generate()
    const proposed: string[] = []
    load.start()
    try {
      for (let cycle = 0; cycle < cycles; cycle++) {
        context.deadline.check()
        proposed.push(await proposeValid(orchestratorClient, signer, templateId))
        await sleep(500 + random(1_500))
        await cluster.crash()
        context.figures.add('PostgreSQL crashes')
        await sleep(random(DOWN_MS_MAX))
        const restartedAtMs = Date.now()
        await cluster.start()
        context.figures.sample('PostgreSQL start after the crash (ms)', Date.now() - restartedAtMs)
        await waitForAnswer(context, 'the domain', () => domainClient.get(`/vaults/${ring.writers[0]!.signer.ownerId}/nonce`), restartedAtMs, 'domain answers again after PostgreSQL is back (ms)')
        await waitForAnswer(context, 'the orchestrator', () => orchestratorClient.get(`/intents/${proposed[0]}/status`), restartedAtMs, 'orchestrator answers again after PostgreSQL is back (ms)')
        domain = await resumeDomainWrites(context, load, domain, domainClient, restartedAtMs, startDomain)
        // A new intent and proposal are accepted once the database is back.
        proposed.push(await proposeValid(orchestratorClient, signer, templateId))
      }
      await sleep(500)
    } finally {
      await load.stop()
    }
    assert.ok(domain.isRunning() && orchestrator.isRunning(), 'a service exited when its database went away')
    context.figures.set('acknowledged transfers', load.acknowledgedTransfers)
    context.figures.set('failed transfer requests (database away)', load.failedRequests)
    await load.verify()
    for (const id of proposed) {
      const status = await waitUntil(`the outcome of ${id}`, async () => {
        const { status } = await orchestratorClient.getOk(`/intents/${id}/status`)
        return ['success', 'failure', 'expired'].includes(status) ? (status as string) : undefined
      }, { timeoutMs: OUTCOME_TIMEOUT_MS, intervalMs: 250, deadline: context.deadline })
      assert.equal(status, 'success', `proposal ${id} ended in ${status} after the database restarts: ${JSON.stringify(await outcomeOf(context, orchestrator.url, id))}`)
    }
    context.figures.set('proposals proven across database crashes', proposed.length)
  },
}

/** The terminal event of `id`, read from the log (a replay: the live stream broke with the database). */
async function outcomeOf(context: ChaosContext, baseUrl: string, id: string): Promise<unknown> {
  const replay = await collectReplay(context, baseUrl, [id]).catch((error: Error) => error.message)
  return typeof replay === 'string' ? replay : replay.terminalEventsOf(id)[0]?.data
}

async function proposeValid(client: ServiceClient, signer: Ed25519Signer, templateId: string): Promise<string> {
  const intent = newClothingIntent(signer, templateId)
  await client.postOk('/intents', intent.body)
  await client.postOk(`/intents/${intent.id}/proposal`, { solution: VALID_CLOTHING_SOLUTION, metadata: null })
  return intent.id
}

/**
 * The domain's writes resume after the database is back, or the domain refuses them with
 * SHARD_LOCK_LOST: its shard lock lived in a database session the crash ended, and by design
 * (docs/domain.md, Storage) it then refuses writes until it is restarted, since another process
 * may have taken the shard meanwhile. Then it is restarted here, as its supervisor would.
 */
async function resumeDomainWrites(
  context: ChaosContext,
  load: RingLoad,
  domain: ServiceProcess,
  client: ServiceClient,
  sinceMs: number,
  startDomain: () => Promise<ServiceProcess>,
): Promise<ServiceProcess> {
  const acknowledged = load.acknowledgedTransfers
  const outcome = await waitUntil(
    'the domain to acknowledge transfers again, or refuse them with SHARD_LOCK_LOST',
    async () => (load.acknowledgedTransfers > acknowledged ? 'writing' : load.lastFailure.includes('SHARD_LOCK_LOST') ? 'lock lost' : undefined),
    { timeoutMs: RECOVERY_TIMEOUT_MS, deadline: context.deadline },
  )
  let running = domain
  if (outcome === 'lock lost') {
    context.figures.add('domain restarts after SHARD_LOCK_LOST')
    const restartedAtMs = Date.now()
    await domain.stop()
    running = await startDomain()
    client.baseUrl = running.url
    context.figures.sample('domain restart after SHARD_LOCK_LOST (ms)', Date.now() - restartedAtMs)
  }
  const acknowledgedBefore = load.acknowledgedTransfers
  await waitUntil(`the domain to acknowledge transfers again (last refusal: ${load.lastFailure})`, async () => (load.acknowledgedTransfers > acknowledgedBefore ? true : undefined), {
    timeoutMs: RECOVERY_TIMEOUT_MS,
    deadline: context.deadline,
  })
  context.figures.sample('domain acknowledges transfers again after PostgreSQL is back (ms)', Date.now() - sinceMs)
  return running
}

async function waitForAnswer(context: ChaosContext, what: string, read: () => Promise<{ status: number }>, sinceMs: number, figure: string): Promise<void> {
  await waitUntil(`${what} to answer 200 after PostgreSQL is back`, async () => ((await read()).status === 200 ? true : undefined), {
    timeoutMs: RECOVERY_TIMEOUT_MS,
    intervalMs: 100,
    deadline: context.deadline,
  })
  context.figures.sample(figure, Date.now() - sinceMs)
}
