import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { stringifyJsonBigint } from '@verity/core'
import type { Command } from '../Command.ts'
import { ORCHESTRATOR_OPTION, orchestratorUrl } from '../endpoints.ts'
import { parseAttr } from '../parseAttr.ts'
import { readJsonFile, readTextFile } from '../readJsonFile.ts'
import { UsageError } from '../UsageError.ts'
import { OrchestratorClient } from '../../clients/OrchestratorClient.ts'
import { signIntent } from '../../intents/signIntent.ts'
import { loadSigner } from '../../keys/loadSigner.ts'
import { formatEvent } from '../formatEvent.ts'

export const templatePushCommand: Command = {
  path: ['template', 'push'],
  summary: 'compile and store a template on the orchestrator; prints its id',
  usage: 'verity template push FILE [--orchestrator URL]',
  options: { ...ORCHESTRATOR_OPTION },
  positionals: [1, 1],
  async run({ positionals, values, out }) {
    const id = await new OrchestratorClient(orchestratorUrl(values)).submitTemplate(readTextFile(positionals[0]!, 'template'))
    out.result(id, { template_id: id })
    return 0
  },
}

export const intentCreateCommand: Command = {
  path: ['intent', 'create'],
  summary: 'sign an intent for a template with a key file and submit it; prints the intent id',
  usage: 'verity intent create --template ID --key FILE [--attr name=value ...] [--attrs FILE.json] [--shape a|b] [--id UUID] [--unsigned]',
  options: {
    ...ORCHESTRATOR_OPTION,
    template: { type: 'string', short: 't' },
    key: { type: 'string', short: 'k' },
    attr: { type: 'string', multiple: true },
    attrs: { type: 'string' },
    shape: { type: 'string' },
    id: { type: 'string' },
    unsigned: { type: 'boolean' },
  },
  async run({ values, out }) {
    if (typeof values.template !== 'string') throw new UsageError('--template ID is required')
    const shape = values.shape ?? 'b'
    if (shape !== 'a' && shape !== 'b') throw new UsageError('--shape must be a or b')
    if (values.unsigned === true && typeof values.key === 'string') throw new UsageError('give --key or --unsigned, not both')
    if (values.unsigned !== true && typeof values.key !== 'string') throw new UsageError('--key FILE is required (or --unsigned)')
    const fields: Record<string, unknown> = typeof values.attrs === 'string' ? fieldsOf(readJsonFile(values.attrs, 'attrs')) : {}
    for (const attr of (values.attr as string[] | undefined) ?? []) {
      const [name, value] = parseAttr(attr)
      fields[name] = value
    }
    const id = typeof values.id === 'string' ? values.id : randomUUID()
    const signer = values.unsigned === true ? 'Unsigned' : loadSigner(values.key as string)
    const body = signIntent({ id, templateId: values.template, fields, signer, shape })
    await new OrchestratorClient(orchestratorUrl(values)).submitIntent(body)
    out.result(id, { intent_id: id, intent: body })
    return 0
  },
}

export const intentShowCommand: Command = {
  path: ['intent', 'show'],
  summary: 'print an intent exactly as it was submitted',
  usage: 'verity intent show ID [--orchestrator URL]',
  options: { ...ORCHESTRATOR_OPTION },
  positionals: [1, 1],
  async run({ positionals, values, out }) {
    const intent = await new OrchestratorClient(orchestratorUrl(values)).getIntent(positionals[0]!)
    out.result(JSON.stringify(intent, null, 2), intent)
    return 0
  },
}

export const intentStatusCommand: Command = {
  path: ['intent', 'status'],
  summary: 'print an intent\'s status: pending, proving, success, failure or expired',
  usage: 'verity intent status ID [--orchestrator URL]',
  options: { ...ORCHESTRATOR_OPTION },
  positionals: [1, 1],
  async run({ positionals, values, out }) {
    const status = await new OrchestratorClient(orchestratorUrl(values)).getIntentStatus(positionals[0]!)
    out.result(status, { intent_id: positionals[0], status })
    return 0
  },
}

export const proposeCommand: Command = {
  path: ['propose'],
  summary: 'submit the one proposal of an intent; with --wait, wait for its success or failure event',
  usage: 'verity propose ID --solution S [--metadata JSON] [--wait] [--proof-out FILE] [--orchestrator URL]',
  options: { ...ORCHESTRATOR_OPTION, solution: { type: 'string', short: 's' }, metadata: { type: 'string' }, wait: { type: 'boolean' }, 'proof-out': { type: 'string' } },
  positionals: [1, 1],
  async run({ positionals, values, out, signal }) {
    const intentId = positionals[0]!
    if (typeof values.solution !== 'string') throw new UsageError('--solution S is required')
    let metadata: unknown = null
    if (typeof values.metadata === 'string') {
      try {
        metadata = JSON.parse(values.metadata)
      } catch {
        throw new UsageError('--metadata must be JSON, e.g. \'{"variant_id":"tee-white-m"}\'')
      }
    }
    const client = new OrchestratorClient(orchestratorUrl(values))
    if (values.wait !== true) {
      await client.propose(intentId, { solution: values.solution, metadata })
      out.result(`proposal accepted; proving started for ${intentId}`, { intent_id: intentId, accepted: true })
      return 0
    }
    // Subscribe first, then propose: the outcome event cannot slip between the two.
    const controller = new AbortController()
    const stop = () => controller.abort()
    signal.addEventListener('abort', stop, { once: true })
    const events = client.events({ signal: controller.signal })
    const first = events.next()
    await client.propose(intentId, { solution: values.solution, metadata })
    out.info(`proposal accepted; extracting evidence and proving …`)
    const started = Date.now()
    const ticker = process.stderr.isTTY ? setInterval(() => process.stderr.write(`\r  proving … ${((Date.now() - started) / 1000).toFixed(0)} s`), 1000) : undefined
    try {
      for (let next = await first; !next.done; next = await events.next()) {
        const event = next.value
        if (event.data.intent_id !== intentId) continue
        if (ticker) process.stderr.write('\n')
        if (event.type === 'success' && typeof values['proof-out'] === 'string') {
          const proof = await client.getProof(intentId)
          writeFileSync(values['proof-out'], `${stringifyJsonBigint(proof)}\n`)
          out.info(`proof written to ${values['proof-out']}`)
        }
        out.result(formatEvent(event), { id: event.id, type: event.type, ...event.data })
        return event.type === 'success' ? 0 : 1
      }
      return 1
    } finally {
      if (ticker) clearInterval(ticker)
      controller.abort()
      signal.removeEventListener('abort', stop)
    }
  },
}

export const eventsCommand: Command = {
  path: ['events'],
  summary: 'follow the orchestrator\'s event stream (resumes after disconnects); --json for JSON lines',
  usage: 'verity events [--from EVENT_ID] [--orchestrator URL]',
  options: { ...ORCHESTRATOR_OPTION, from: { type: 'string' } },
  async run({ values, out, signal }) {
    const client = new OrchestratorClient(orchestratorUrl(values))
    const events = client.events({
      ...(typeof values.from === 'string' ? { lastEventId: values.from } : {}),
      signal,
      onReconnect: (error, delayMs) => out.info(`event stream interrupted (${(error as Error).message}); reconnecting in ${delayMs} ms`),
    })
    for await (const event of events) out.result(formatEvent(event), { id: event.id, type: event.type, ...event.data })
    return 0
  },
}

export const proofGetCommand: Command = {
  path: ['proof', 'get'],
  summary: 'download the proof of a successful intent (for `verity verify`)',
  usage: 'verity proof get ID --out FILE [--orchestrator URL]',
  options: { ...ORCHESTRATOR_OPTION, out: { type: 'string', short: 'o' } },
  positionals: [1, 1],
  async run({ positionals, values, out }) {
    if (typeof values.out !== 'string') throw new UsageError('--out FILE is required')
    const proof = await new OrchestratorClient(orchestratorUrl(values)).getProof(positionals[0]!)
    writeFileSync(values.out, `${stringifyJsonBigint(proof)}\n`)
    out.result(`proof written to ${values.out}`, { path: values.out })
    return 0
  },
}

// Accepts an InputMap `{"fields": {...}}` or a plain object of fields.
function fieldsOf(json: unknown): Record<string, unknown> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new UsageError('--attrs file must hold a JSON object')
  const keys = Object.keys(json)
  if (keys.length === 1 && keys[0] === 'fields') return { ...((json as { fields: Record<string, unknown> }).fields) }
  return { ...(json as Record<string, unknown>) }
}
