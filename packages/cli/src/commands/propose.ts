import { clientToken } from '../clientToken.ts'
import { writeFileSync } from 'node:fs'
import { stringifyJsonBigint } from '@verity/core'
import type { Command, Output } from '../Command.ts'
import { ORCHESTRATOR_OPTION, orchestratorUrl } from '../endpoints.ts'
import { failureContextOf, formatEvent } from '../formatEvent.ts'
import { UsageError } from '../UsageError.ts'
import { parseMetadata } from '../parseMetadata.ts'
import { preflightProposal } from './check.ts'
import { WaitTimeoutError } from '../WaitTimeoutError.ts'
import type { Progress } from '../showProgress.ts'
import { OrchestratorClient, type OrchestratorEventMessage, type ProposeOptions, ServiceUnreachableError, describeFetchFailure, loadSigner } from '@verity/sdk'
import { PROPOSE_WAIT_TIMEOUT_S_DEFAULT } from '../limits.ts'


export const proposeCommand: Command = {
  path: ['propose'],
  summary: 'submit the one proposal of an intent, after a dry run shows it would succeed; with --wait, wait for its success or failure event',
  usage: 'verity propose ID --solution S [--metadata JSON] [--key AGENT_KEY] [--force] [--wait [--timeout SECONDS] [--proof-out FILE]] [--orchestrator URL]',
  optionHelp: {
    solution: 'the proposed solution (URL, catalog:ID, …)',
    metadata: 'JSON passed to the extractor (default null)',
    key: "the agent's key file: signs the proposal of an intent that names its agents (agent_authorization)",
    force: 'send the proposal even when the dry run (verity check) shows it would fail',
    wait: 'wait for the success or failure event; exit 1 on failure',
    timeout: 'seconds to wait with --wait (default 600)',
    'proof-out': 'with --wait: save the proof bundle of a success to this file',
  },
  options: {
    ...ORCHESTRATOR_OPTION,
    solution: { type: 'string', short: 's' },
    metadata: { type: 'string' },
    key: { type: 'string', short: 'k' },
    force: { type: 'boolean' },
    wait: { type: 'boolean' },
    timeout: { type: 'string' },
    'proof-out': { type: 'string' },
  },
  positionals: [1, 1],
  async run({ positionals, values, json, out, signal }) {
    const intentId = positionals[0]!
    if (typeof values.solution !== 'string') throw new UsageError('--solution S is required')
    if (values.wait !== true && (values['proof-out'] !== undefined || values.timeout !== undefined))
      throw new UsageError('--proof-out and --timeout need --wait')
    const metadata = parseMetadata(values.metadata)
    const timeoutS = values.timeout === undefined ? PROPOSE_WAIT_TIMEOUT_S_DEFAULT : parseTimeout(values.timeout)
    const client = new OrchestratorClient(orchestratorUrl(values), { token: clientToken() })
    const proposal = { solution: values.solution, metadata }
    const agent = typeof values.key === 'string' ? { agent: loadSigner(values.key) } : {}
    if (values.force !== true) await preflightProposal(client, intentId, proposal, agent, out)
    if (values.wait !== true) {
      await client.propose(intentId, proposal, agent)
      out.result(`proposal accepted; proving started for ${intentId}`, { intent_id: intentId, accepted: true })
      return 0
    }
    const event = await proposeAndWait(client, intentId, proposal, agent, timeoutS, out, signal)
    if (event.type === 'success' && typeof values['proof-out'] === 'string') {
      const proof = await client.getProof(intentId)
      writeFileSync(values['proof-out'], `${stringifyJsonBigint(proof)}\n`)
      out.info(`proof written to ${values['proof-out']}`)
    }
    out.result(formatEvent(event, json ? undefined : await failureContextOf(client, event)), { id: event.id, type: event.type, ...event.data })
    return event.type === 'success' ? 0 : 1
  },
}

/**
 * Subscribes to the event stream, proposes once the subscription is open (so the outcome cannot
 * slip between the two), and returns the intent's outcome event. Shows elapsed time on a terminal.
 */
async function proposeAndWait(
  client: OrchestratorClient,
  intentId: string,
  proposal: { solution: string; metadata: unknown },
  agent: ProposeOptions,
  timeoutS: number,
  out: Output,
  signal: AbortSignal,
): Promise<OrchestratorEventMessage> {
  const controller = new AbortController()
  const stop = () => controller.abort()
  signal.addEventListener('abort', stop, { once: true })
  const timer = setTimeout(stop, timeoutS * 1000)
  let opened = false
  let markOpen!: () => void
  let failOpen!: (error: Error) => void
  const open = new Promise<void>((resolve, reject) => ((markOpen = resolve), (failOpen = reject)))
  const events = client.events({
    signal: controller.signal,
    onOpen: () => ((opened = true), markOpen()),
    onReconnect: (error, delayMs) => {
      if (!opened) failOpen(new ServiceUnreachableError({ url: `${client.baseUrl}/events`, reason: describeFetchFailure(error) }))
      else out.info(`event stream interrupted; reconnecting in ${delayMs} ms`)
    },
  })
  const first = events.next()
  first.catch(() => undefined)
  let progress: Progress | undefined
  try {
    await open
    await client.propose(intentId, proposal, agent)
    progress = out.progress('proposal accepted; extracting evidence and proving')
    for (let next = await first; !next.done; next = await events.next()) {
      if (next.value.data.intent_id === intentId) return next.value
    }
    const reason = signal.aborted ? 'interrupted' : `no outcome within ${timeoutS} s`
    throw new WaitTimeoutError({ what: `waiting for intent ${intentId}`, reason: `${reason}; it keeps proving: see \`verity intent status ${intentId}\`` })
  } finally {
    progress?.stop()
    clearTimeout(timer)
    controller.abort()
    signal.removeEventListener('abort', stop)
  }
}

function parseTimeout(value: unknown): number {
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,5}$/.test(value)) throw new UsageError('--timeout must be a whole number of seconds ≥ 1')
  return Number(value)
}
