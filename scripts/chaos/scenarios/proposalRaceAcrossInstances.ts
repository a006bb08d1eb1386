// Many concurrent proposals for one intent, spread over three orchestrator instances on one
// PostgreSQL database: exactly one is accepted (200), every other gets 409 PROPOSAL_EXISTS, and
// the intent gets exactly one terminal event, about the accepted proposal, the same on every
// instance. Each proposal has its own solution, so the event names the winner.
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { Ed25519Signer } from '@verity/core'
import { createTestDatabase } from '@verity/postgres'
import type { ChaosScenario } from '../ChaosScenario.ts'
import { CLOTHING_TEMPLATE_SOURCE, newClothingIntent, VALID_CLOTHING_SOLUTION } from '../lib/clothingIntent.ts'
import { EventLog } from '../lib/EventLog.ts'
import { seededRandom } from '../lib/seededRandom.ts'
import { ServiceClient } from '../lib/ServiceClient.ts'
import { waitUntil } from '../lib/waitUntil.ts'

const INSTANCES = 3
const OUTCOME_TIMEOUT_MS = 90_000

export const proposalRaceAcrossInstances: ChaosScenario = {
  name: 'proposal-race-across-instances',
  promise: 'concurrent proposals for one intent over three instances on one database: one 200, the rest 409, one terminal event',
  budgetMs: (settings) => settings.proposalRace.budgetMs,
  async run(context) {
    const { intents, proposalsPerIntent } = context.settings.proposalRace
    const database = await createTestDatabase()
    context.onCleanup(() => database.drop())
    const dir = context.makeTempDir('race')
    const instances = await Promise.all(
      Array.from({ length: INSTANCES }, (_, index) => context.startService({ kind: 'orchestrator', args: ['--port', '0', '--database-url', database.url, '--data-dir', join(dir, String(index))] })),
    )
    const clients = instances.map((instance) => new ServiceClient(instance.url, context.authHeaders))
    const streams = await Promise.all(
      instances.map(async (instance) => {
        const log = new EventLog()
        context.onCleanup(() => log.close())
        await log.open(instance.url, context.authHeaders, '0')
        return log
      }),
    )
    const templateId = (await clients[0]!.postOk('/templates', CLOTHING_TEMPLATE_SOURCE)).template_id as string
    const signer = Ed25519Signer.generate()
    const random = seededRandom(context.seed)
    for (let round = 0; round < intents; round++) {
      context.deadline.check()
      const intent = newClothingIntent(signer, templateId)
      await clients[random(INSTANCES)]!.postOk('/intents', intent.body)
      // One proposal (at a random position) is the valid one and gets proven; the others name products the catalog lacks.
      const validIndex = random(proposalsPerIntent)
      const solutions = Array.from({ length: proposalsPerIntent }, (_, k) => (k === validIndex ? VALID_CLOTHING_SOLUTION : `catalog:absent-${k}`))
      const replies = await Promise.all(
        solutions.map(async (solution) => ({ solution, reply: await clients[random(INSTANCES)]!.post(`/intents/${intent.id}/proposal`, { solution, metadata: null }) })),
      )
      const accepted = replies.filter(({ reply }) => reply.status === 200)
      const refused = replies.filter(({ reply }) => reply.status === 409 && reply.json?.code === 'PROPOSAL_EXISTS')
      assert.equal(accepted.length, 1, `intent ${intent.id}: ${accepted.length} proposals accepted: ${JSON.stringify(replies.map(({ reply }) => reply.status))}`)
      assert.equal(refused.length, proposalsPerIntent - 1, `intent ${intent.id}: statuses ${JSON.stringify(replies.map(({ reply }) => `${reply.status} ${reply.json?.code}`))}`)
      context.figures.add('proposals sent', proposalsPerIntent)
      context.figures.add('races won by the valid proposal', accepted[0]!.solution === VALID_CLOTHING_SOLUTION ? 1 : 0)
      for (const stream of streams) {
        await waitUntil(`the outcome of ${intent.id}`, async () => (stream.terminalEventsOf(intent.id).length > 0 ? true : undefined), { timeoutMs: OUTCOME_TIMEOUT_MS, deadline: context.deadline })
      }
      const outcomes = streams.map((stream) => stream.terminalEventsOf(intent.id))
      for (const events of outcomes) {
        assert.equal(events.length, 1, `intent ${intent.id}: terminal events ${JSON.stringify(events)}`)
        assert.equal(events[0]!.seq, outcomes[0]![0]!.seq, 'every instance shows the outcome with one seq')
        assert.equal((events[0]!.data.proposal as { solution: string }).solution, accepted[0]!.solution, 'the outcome is about the accepted proposal')
      }
      const expected = accepted[0]!.solution === VALID_CLOTHING_SOLUTION ? 'success' : 'failure'
      assert.equal(outcomes[0]![0]!.type, expected, `intent ${intent.id}: ${JSON.stringify(outcomes[0]![0]!.data)}`)
    }
    context.figures.set('intents raced', intents)
    context.figures.set('instances', INSTANCES)
  },
}
