// kill -9 of the domain under concurrent signed transfers: writers keep sending while the domain
// is killed and restarted on the same data directory, again and again. No acknowledged transfer
// may be lost, the supply must be conserved, and a replay of an acknowledged batch is refused
// after the restart (its nonce is used).
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePorts } from '../../../packages/cli/src/testing/freePorts.ts'
import type { ChaosScenario } from '../ChaosScenario.ts'
import { fundTransferRing, writeDomainYaml } from '../lib/domainFixture.ts'
import { RingLoad } from '../lib/RingLoad.ts'
import { seededRandom } from '../lib/seededRandom.ts'
import { ServiceClient } from '../lib/ServiceClient.ts'

const SHARD = 1
/** Token units each writer starts with: far more than a run can send. */
const AMOUNT_EACH = 1_000_000n

export const domainKillUnderTransfers: ChaosScenario = {
  name: 'domain-kill-under-transfers',
  promise: 'no acknowledged transfer lost across kill -9, supply conserved, an acknowledged batch replayed after restart is refused',
  budgetMs: (settings) => settings.domainKill.budgetMs,
  async run(context) {
    const { cycles, writers, loadMsBeforeKillMax } = context.settings.domainKill
    const dir = context.makeTempDir('domain')
    const [port] = await freePorts(1)
    const configPath = writeDomainYaml(dir, { shard: SHARD, port: port! })
    const start = () => context.startService({ kind: 'domain', args: ['--config', configPath] })
    let service = await start()
    const client = new ServiceClient(service.url, context.authHeaders)
    const ring = await fundTransferRing(client, SHARD, writers, AMOUNT_EACH)
    const random = seededRandom(context.seed)
    const load = new RingLoad(client, ring, context.deadline, random)
    load.start()
    try {
      for (let cycle = 0; cycle < cycles; cycle++) {
        context.deadline.check()
        await sleep(300 + random(loadMsBeforeKillMax))
        await service.killHard()
        context.figures.add('domain kills')
        const startedAtMs = Date.now()
        service = await start()
        context.figures.sample('domain restart to listening (ms)', Date.now() - startedAtMs)
      }
      await sleep(300)
    } finally {
      await load.stop()
    }
    context.figures.set('acknowledged transfers', load.acknowledgedTransfers)
    context.figures.set('failed requests (in flight at a kill)', load.failedRequests)
    context.figures.set('batches applied though their request failed', load.appliedUnacknowledged)
    assert.ok(load.acknowledgedTransfers > 0, 'no transfer was acknowledged: the load did not run')
    await load.verify()
    const replayed = load.lastAcknowledgedBatch.findIndex((batch) => batch.length > 0)
    const replay = await client.post('/intents/execute', load.lastAcknowledgedBatch[replayed])
    assert.equal(replay.status, 409, `an acknowledged batch replayed after restart: ${replay.status} ${replay.text}`)
    assert.equal(replay.json?.code, 'NONCE_MISMATCH')
    await load.verify()
  },
}
