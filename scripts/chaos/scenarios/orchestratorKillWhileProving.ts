// kill -9 of the orchestrator while it proves: valid proposals are interrupted mid-job, the
// process is restarted on the same port and data directory, and every proposal must still end in
// `success` with a proof that verifies offline, with exactly one terminal event per intent, live
// and in a Last-Event-ID replay from 0. Uses the embedded extractor (the default, as `verity up`).
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { Ed25519Signer } from '@verity/core'
import { createProver } from '@verity/prover'
import { verifyProofBundle } from '../../../packages/sdk/src/proofs/verifyProofBundle.ts'
import { freePorts } from '../../../packages/cli/src/testing/freePorts.ts'
import type { ChaosScenario } from '../ChaosScenario.ts'
import type { ChaosContext } from '../lib/ChaosContext.ts'
import { CLOTHING_TEMPLATE_SOURCE, newClothingIntent, VALID_CLOTHING_SOLUTION } from '../lib/clothingIntent.ts'
import { EventLog } from '../lib/EventLog.ts'
import { seededRandom } from '../lib/seededRandom.ts'
import { ServiceClient } from '../lib/ServiceClient.ts'
import type { ServiceProcess } from '../lib/ServiceProcess.ts'
import { waitUntil } from '../lib/waitUntil.ts'
import { collectReplay } from './collectReplay.ts'

/** Longest wait for every proposal to reach its outcome after the last restart, in milliseconds. */
const OUTCOMES_TIMEOUT_MS = 180_000

export const orchestratorKillWhileProving: ChaosScenario = {
  name: 'orchestrator-kill-while-proving',
  promise: 'a valid proposal interrupted by kill -9 ends in success with a verifying proof; one terminal event per intent, live and replayed',
  budgetMs: (settings) => settings.orchestratorKill.budgetMs,
  async run(context) {
    const { cycles, intentsPerCycle, killAfterMsMax } = context.settings.orchestratorKill
    const dataDir = context.makeTempDir('orchestrator')
    const [port] = await freePorts(1)
    const start = () => context.startService({ kind: 'orchestrator', args: ['--port', String(port), '--data-dir', dataDir] })
    let service = await start()
    const client = new ServiceClient(service.url, context.authHeaders)
    const live = new EventLog()
    context.onCleanup(() => live.close())
    await live.open(service.url, context.authHeaders, '0')
    const templateId = (await client.postOk('/templates', CLOTHING_TEMPLATE_SOURCE)).template_id as string
    const signer = Ed25519Signer.generate()
    const random = seededRandom(context.seed)
    const intentIds: string[] = []
    const batches: string[][] = []

    for (let cycle = 0; cycle < cycles; cycle++) {
      context.deadline.check()
      // A proposal is interrupted by at most two kills (its own cycle's and the next one's): the
      // orchestrator fails a job after a bounded number of interruptions (a poison-job guard), so
      // an endless crash loop may use one up by design; two crashes in a row must not.
      if (cycle >= 2) await waitForOutcomes(context, client, live, batches[cycle - 2]!)
      const batch = await proposeBatch(client, signer, templateId, intentsPerCycle)
      batches.push(batch)
      intentIds.push(...batch)
      await sleep(random(killAfterMsMax))
      const interrupted = await countUnfinished(client, batch)
      await service.killHard()
      context.figures.add('orchestrator kills')
      context.figures.add('proposals interrupted (not terminal at the kill)', interrupted)
      service = await restartTimed(context, start)
      await live.open(service.url, context.authHeaders)
    }
    context.figures.set('proposals', intentIds.length)
    await waitForOutcomes(context, client, live, intentIds)
    await assertProofsVerify(client, intentIds)
    for (const id of intentIds) assert.equal(live.terminalEventsOf(id).length, 1, `live stream: terminal events of ${id}: ${JSON.stringify(live.terminalEventsOf(id))}`)
    const replay = await collectReplay(context, service.url, intentIds)
    for (const id of intentIds) {
      const events = replay.terminalEventsOf(id)
      assert.equal(events.length, 1, `replay from 0: terminal events of ${id}: ${JSON.stringify(events)}`)
      assert.equal(events[0]!.seq, live.terminalEventsOf(id)[0]!.seq, `replay and live disagree on the seq of ${id}`)
    }
  },
}

async function proposeBatch(client: ServiceClient, signer: Ed25519Signer, templateId: string, count: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const intent = newClothingIntent(signer, templateId)
    await client.postOk('/intents', intent.body)
    ids.push(intent.id)
  }
  await Promise.all(ids.map((id) => client.postOk(`/intents/${id}/proposal`, { solution: VALID_CLOTHING_SOLUTION, metadata: null })))
  return ids
}

async function countUnfinished(client: ServiceClient, ids: readonly string[]): Promise<number> {
  const statuses = await Promise.all(ids.map(async (id) => (await client.getOk(`/intents/${id}/status`)).status as string))
  return statuses.filter((status) => status === 'proving' || status === 'pending').length
}

async function restartTimed(context: ChaosContext, start: () => Promise<ServiceProcess>): Promise<ServiceProcess> {
  const startedAtMs = Date.now()
  const service = await start()
  context.figures.sample('orchestrator restart to listening (ms)', Date.now() - startedAtMs)
  return service
}

async function waitForOutcomes(context: ChaosContext, client: ServiceClient, live: EventLog, ids: readonly string[]): Promise<void> {
  const startedAtMs = Date.now()
  for (const id of ids) {
    const status = await waitUntil(
      `the outcome of proposal ${id}`,
      async () => {
        const { status } = await client.getOk(`/intents/${id}/status`)
        return status === 'success' || status === 'failure' || status === 'expired' ? (status as string) : undefined
      },
      { timeoutMs: OUTCOMES_TIMEOUT_MS, intervalMs: 250, deadline: context.deadline },
    )
    if (status !== 'success') {
      const outcome = live.terminalEventsOf(id)[0]?.data
      throw new assert.AssertionError({ message: `proposal ${id} ended in ${status}, expected success (a crash must never use up a valid proposal): ${JSON.stringify(outcome)}` })
    }
  }
  context.figures.set('outcomes after the last restart (ms)', Date.now() - startedAtMs)
}

async function assertProofsVerify(client: ServiceClient, ids: readonly string[]): Promise<void> {
  const verifier = createProver()
  try {
    for (const id of ids) {
      const bundle = await client.getOk(`/proofs/${id}`)
      const verification = await verifyProofBundle(bundle, { verifier })
      assert.ok(verification.ok, `the proof of ${id} does not verify: ${verification.ok ? '' : verification.reason}`)
    }
  } finally {
    await verifier.close()
  }
}
