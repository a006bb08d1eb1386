// A full disk under a domain: its data directory (SQLite store and embedded base layer) sits on a
// small filesystem of its own, which is filled to the last byte while writers send transfers.
// Writes must be refused with a clear error (never a crash, never an acknowledged write lost);
// when the space comes back the domain acknowledges writes again without a restart; after a
// kill -9 and restart every acknowledged transfer is there and the supply adds up.
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { ChaosScenario } from '../ChaosScenario.ts'
import { fundTransferRing, writeDomainYaml } from '../lib/domainFixture.ts'
import { RingLoad } from '../lib/RingLoad.ts'
import { seededRandom } from '../lib/seededRandom.ts'
import { ServiceClient } from '../lib/ServiceClient.ts'
import { SmallFilesystem, SmallFilesystemUnavailableError } from '../lib/SmallFilesystem.ts'
import { ScenarioSkippedError } from '../ScenarioSkippedError.ts'
import { waitUntil } from '../lib/waitUntil.ts'

const SHARD = 1
const WRITERS = 4
/** Statuses a domain may answer for a write it cannot store: "insufficient storage" or "unavailable". */
const DISK_FULL_STATUSES = [507, 503]
/** Refusals to see while the disk is full before giving the space back. */
const REFUSALS_WHILE_FULL_MIN = 5
const PHASE_TIMEOUT_MS = 30_000

export const fullDisk: ChaosScenario = {
  name: 'full-disk',
  promise: 'a full data directory: writes refused with a clear error, nothing acknowledged lost or corrupted, writes again once space returns',
  budgetMs: (settings) => settings.fullDisk.budgetMs,
  async run(context) {
    const dir = context.makeTempDir('full-disk')
    const filesystem = await SmallFilesystem.mount(join(dir, 'small'), context.settings.fullDisk.filesystemBytes).catch((error: unknown) => {
      throw error instanceof SmallFilesystemUnavailableError ? new ScenarioSkippedError(error.message) : error
    })
    context.onCleanup(() => filesystem.unmount())
    const configPath = writeDomainYaml(dir, { shard: SHARD, port: 0, dataDir: join(filesystem.mountPoint, 'data') })
    const start = () => context.startService({ kind: 'domain', args: ['--config', configPath] })
    let domain = await start()
    const client = new ServiceClient(domain.url, context.authHeaders)
    const ring = await fundTransferRing(client, SHARD, WRITERS, 1_000_000n)
    const load = new RingLoad(client, ring, context.deadline, seededRandom(context.seed), [...DISK_FULL_STATUSES, 500])
    load.start()
    try {
      await sleep(500)
      context.figures.set('filler bytes written to fill the disk', filesystem.fill())
      const refusals = () => [...load.refusals.values()].reduce((sum, count) => sum + count, 0)
      await waitUntil(`writes to be refused on a full disk (last: ${load.lastFailure})`, async () => (refusals() >= REFUSALS_WHILE_FULL_MIN ? true : undefined), {
        timeoutMs: PHASE_TIMEOUT_MS,
        deadline: context.deadline,
      })
      context.log(`a write on a full disk is answered: ${load.lastFailure}`)
      assert.ok(domain.isRunning(), 'the domain exited when its disk filled up')
      const acknowledgedWhileFull = load.acknowledgedTransfers
      filesystem.free()
      await waitUntil(`writes to be acknowledged once space is back (last: ${load.lastFailure})`, async () => (load.acknowledgedTransfers > acknowledgedWhileFull ? true : undefined), {
        timeoutMs: PHASE_TIMEOUT_MS,
        deadline: context.deadline,
      })
      await sleep(300)
    } finally {
      await load.stop()
    }
    context.figures.set('refusals while full, by status', JSON.stringify(Object.fromEntries(load.refusals)))
    context.figures.set('acknowledged transfers', load.acknowledgedTransfers)
    await load.verify()
    await domain.killHard()
    domain = await start()
    client.baseUrl = domain.url
    await load.verify()
    assert.equal(load.refusals.get(500) ?? 0, 0, `a write on a full disk was answered 500 (an internal error) instead of a clear refusal: ${load.lastFailure}`)
  },
}
