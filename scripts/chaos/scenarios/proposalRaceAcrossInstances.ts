// Many concurrent proposals for one agent-bound intent, spread over three orchestrator instances
// on one PostgreSQL database (behind one public URL, --public-urls), with strangers racing the
// agent: exactly one of the agent's proposals is accepted (200), every other of the agent's gets
// 409 PROPOSAL_EXISTS, every stranger's is refused whenever it arrives (403 AGENT_NOT_NAMED, or 401
// AGENT_SIGNATURE_REQUIRED unsigned), and the intent gets exactly one terminal event, about the
// accepted proposal, the same on every instance. Each proposal has its own solution, so the event
// names the winner.
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { agentKeyOfSigner, Ed25519Signer } from '@verity/core'
import { signProposal } from '../../../packages/sdk/src/intents/signProposal.ts'
import { createTestDatabase } from '@verity/postgres'
import type { ChaosScenario } from '../ChaosScenario.ts'
import { CLOTHING_TEMPLATE_SOURCE, newClothingIntent, VALID_CLOTHING_SOLUTION } from '../lib/clothingIntent.ts'
import { EventLog } from '../lib/EventLog.ts'
import { seededRandom } from '../lib/seededRandom.ts'
import { ServiceClient } from '../lib/ServiceClient.ts'
import { waitUntil } from '../lib/waitUntil.ts'

const INSTANCES = 3
/** The one URL the instances are reached at (a load balancer's): what agents sign for. */
const PUBLIC_URL = 'http://orchestrator.chaos.test'
const OUTCOME_TIMEOUT_MS = 90_000

export const proposalRaceAcrossInstances: ChaosScenario = {
  name: 'proposal-race-across-instances',
  promise: "concurrent proposals for one agent-bound intent over three instances on one database, strangers racing the agent: one 200, the agent's others 409, every stranger 401/403, one terminal event",
  budgetMs: (settings) => settings.proposalRace.budgetMs,
  async run(context) {
    const { intents, proposalsPerIntent } = context.settings.proposalRace
    const database = await createTestDatabase()
    context.onCleanup(() => database.drop())
    const dir = context.makeTempDir('race')
    const instances = await Promise.all(
      Array.from({ length: INSTANCES }, (_, index) => context.startService({ kind: 'orchestrator', args: ['--port', '0', '--database-url', database.url, '--data-dir', join(dir, String(index)), '--public-urls', PUBLIC_URL] })),
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
    const agent = Ed25519Signer.generate()
    const random = seededRandom(context.seed)
    for (let round = 0; round < intents; round++) {
      context.deadline.check()
      const intent = newClothingIntent(signer, templateId, [agentKeyOfSigner(agent)])
      await clients[random(INSTANCES)]!.postOk('/intents', intent.body)
      // One of the agent's proposals (at a random position) is the valid one and gets proven; its others
      // name products the catalog lacks. As many strangers race them, signed with their own keys or
      // not signed, some with the valid solution.
      const validIndex = random(proposalsPerIntent)
      const solutions = Array.from({ length: proposalsPerIntent }, (_, k) => (k === validIndex ? VALID_CLOTHING_SOLUTION : `catalog:absent-${k}`))
      const signed = (by: Ed25519Signer, solution: string) => signProposal({ agent: by, orchestratorUrl: PUBLIC_URL, signedIntent: intent.body, solution, metadata: null })
      const sends = [
        ...solutions.map((solution) => ({ solution, from: 'agent', body: signed(agent, solution) as unknown })),
        ...solutions.map((solution, k) => ({ solution, from: 'stranger', body: k % 2 === 0 ? signed(Ed25519Signer.generate(), solution) : { solution, metadata: null } })),
      ]
      const replies = await Promise.all(
        sends.map(async ({ solution, from, body }) => ({ solution, from, reply: await clients[random(INSTANCES)]!.post(`/intents/${intent.id}/proposal`, body) })),
      )
      const statuses = JSON.stringify(replies.map(({ from, reply }) => `${from} ${reply.status} ${reply.json?.code}`))
      const accepted = replies.filter(({ reply }) => reply.status === 200)
      const refused = replies.filter(({ from, reply }) => from === 'agent' && reply.status === 409 && reply.json?.code === 'PROPOSAL_EXISTS')
      const strangersRefused = replies.filter(({ from, reply }) => from === 'stranger' && ['AGENT_NOT_NAMED', 'AGENT_SIGNATURE_REQUIRED'].includes(reply.json?.code))
      assert.equal(accepted.length, 1, `intent ${intent.id}: ${accepted.length} proposals accepted: ${statuses}`)
      assert.equal(accepted[0]!.from, 'agent', `intent ${intent.id}: a stranger's proposal was accepted: ${statuses}`)
      assert.equal(refused.length, proposalsPerIntent - 1, `intent ${intent.id}: statuses ${statuses}`)
      assert.equal(strangersRefused.length, proposalsPerIntent, `intent ${intent.id}: strangers not refused: ${statuses}`)
      context.figures.add('proposals sent', sends.length)
      context.figures.add("strangers' proposals refused", strangersRefused.length)
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
