// Concurrent POST /sdls/submit on a domain: of the submits racing for the same pending
// transfers exactly one cuts an SDL (a hash) and the others find nothing pending (null); the
// SDL list grows by one per round, and nothing is cut twice.
import assert from 'node:assert/strict'
import type { ChaosScenario } from '../ChaosScenario.ts'
import { fundTransferRing, writeDomainYaml } from '../lib/domainFixture.ts'
import { ServiceClient } from '../lib/ServiceClient.ts'

const SHARD = 1
const WRITERS = 4

export const sdlSubmitRace: ChaosScenario = {
  name: 'sdl-submit-race',
  promise: 'concurrent POST /sdls/submit: one SDL per set of pending transfers, the other submits get null',
  budgetMs: (settings) => settings.sdlSubmitRace.budgetMs,
  async run(context) {
    const { rounds, submitsPerRound } = context.settings.sdlSubmitRace
    const dir = context.makeTempDir('sdl-race')
    const service = await context.startService({ kind: 'domain', args: ['--config', writeDomainYaml(dir, { shard: SHARD, port: 0 })] })
    const client = new ServiceClient(service.url, context.authHeaders)
    const ring = await fundTransferRing(client, SHARD, WRITERS, 1_000n)
    const known = new Set<string>(((await client.getOk('/sdls?limit=1000')) as [string, string][]).map(([hash]) => hash))
    for (let round = 0; round < rounds; round++) {
      context.deadline.check()
      const nonce = BigInt(round + 1)
      await client.postOk('/intents/execute', ring.writers.map((_, index) => ring.transfer(index, nonce)))
      const replies = await Promise.all(Array.from({ length: submitsPerRound }, () => client.post('/sdls/submit')))
      assert.ok(replies.every((reply) => reply.status === 200), `submit statuses ${JSON.stringify(replies.map((reply) => `${reply.status} ${reply.text.slice(0, 100)}`))}`)
      const hashes = replies.map((reply) => reply.json).filter((hash): hash is string => typeof hash === 'string')
      assert.equal(hashes.length, 1, `round ${round}: ${hashes.length} submits cut an SDL: ${JSON.stringify(replies.map((reply) => reply.json))}`)
      assert.ok(!known.has(hashes[0]!), `round ${round}: the SDL ${hashes[0]} was cut before`)
      known.add(hashes[0]!)
      const listed = ((await client.getOk('/sdls?limit=1000')) as [string, string][]).map(([hash]) => hash)
      assert.deepEqual(new Set(listed), known, `round ${round}: GET /sdls lists ${listed.length} SDLs, expected ${known.size}`)
      assert.equal((await client.postOk('/sdls/submit')) as unknown, null, 'nothing is left pending after the round')
      context.figures.add('concurrent submits', submitsPerRound)
    }
    context.figures.set('SDLs cut', known.size)
  },
}
