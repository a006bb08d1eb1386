import { clientToken } from '../clientToken.ts'
import { randomUUID } from 'node:crypto'
import { existsSync, statSync, writeFileSync } from 'node:fs'
import { stringifyJsonBigint } from '@verity/core'
import type { Command } from '../Command.ts'
import { ORCHESTRATOR_OPTION, orchestratorUrl } from '../endpoints.ts'
import { parseAgentKey } from '../parseAgentKey.ts'
import { parseAttr } from '../parseAttr.ts'
import { readJsonFile, readTextFile } from '../readJsonFile.ts'
import { UsageError } from '../UsageError.ts'
import { warnSpellings } from '../warnSpellings.ts'
import { CentsNotWholeError, DeadlineTooSoonError, OrchestratorClient, ServiceUnreachableError, checkIntentFields, describeFetchFailure, formatDeadline, signIntent, loadSigner } from '@verity/sdk'
import { failureContextOf, formatEvent } from '../formatEvent.ts'
import { createSealedIntent } from '../sealed/createSealedIntent.ts'

export { proposeCommand } from './propose.ts'

export const templatePushCommand: Command = {
  path: ['template', 'push'],
  summary: 'compile and store a template on the orchestrator; prints its id',
  usage: 'verity template push FILE [--orchestrator URL]',
  options: { ...ORCHESTRATOR_OPTION },
  positionals: [1, 1],
  async run({ positionals, values, out }) {
    const id = await new OrchestratorClient(orchestratorUrl(values), { token: clientToken() }).submitTemplate(readTextFile(positionals[0]!, 'template'))
    out.result(id, { template_id: id })
    return 0
  },
}

export const intentCreateCommand: Command = {
  path: ['intent', 'create'],
  summary: 'sign an intent for a template with a key file and submit it; prints the intent id',
  usage: 'verity intent create --template ID --key FILE [--attr name=value ...] [--attrs FILE.json] [--shape a|b] [--id UUID] [--unsigned] [--agent KEY_OR_FILE ...] [--sealed [--disclose NAME ...] [--opening-out FILE]] [--business URL]',
  optionHelp: {
    template: 'template id (verity template push)',
    attr: 'an attribute, name=value (value read as JSON when it parses)',
    attrs: 'a JSON file of attributes ({...} or {"fields": {...}})',
    agent: 'only this agent may propose (repeatable): its key file, a base58 public key or an agent key JSON; every intent of a payable template needs one (PAYABLE_INTENT_UNBOUND), and a sealed intent answers dry runs only of its agents',
    shape: 'b (default): {authorship, intent}; a: {payload, signature}',
    id: 'intent id (default: a new UUID)',
    unsigned: 'submit without a signature (only if the orchestrator allows it)',
    sealed: 'sign a commitment to the attrs instead of the attrs: only the orchestrator sees them (docs/protocol.md, "Sealed intents")',
    disclose: 'with --sealed: an attr to show in the clear (a payable template\'s payment_deadline_ms always is)',
    'opening-out': 'with --sealed: where to keep the opening (attrs + salt; default .verity/openings/<id>.json, mode 0600)',
    business: 'the UCP business whose catalog says how values are spelled: a value it spells no way (size=M where it sells "Medium (M)") is warned about before signing (default $VERITY_STORE_URL, else the devnet\'s demo store)',
  },
  options: {
    ...ORCHESTRATOR_OPTION,
    template: { type: 'string', short: 't' },
    key: { type: 'string', short: 'k' },
    attr: { type: 'string', multiple: true },
    attrs: { type: 'string' },
    agent: { type: 'string', multiple: true },
    shape: { type: 'string' },
    id: { type: 'string' },
    unsigned: { type: 'boolean' },
    sealed: { type: 'boolean' },
    disclose: { type: 'string', multiple: true },
    'opening-out': { type: 'string' },
    business: { type: 'string' },
  },
  async run({ values, out }) {
    if (typeof values.template !== 'string') throw new UsageError('--template ID is required')
    if (existsSync(values.template) && statSync(values.template).isFile())
      throw new UsageError(`--template ${values.template} is a file, not a template id; push it first: verity template push ${values.template}`)
    const shape = values.shape ?? 'b'
    if (shape !== 'a' && shape !== 'b') throw new UsageError('--shape must be a or b')
    if (values.unsigned === true && typeof values.key === 'string') throw new UsageError('give --key or --unsigned, not both')
    if (values.unsigned !== true && typeof values.key !== 'string') throw new UsageError('--key FILE is required (or --unsigned)')
    const fields: Record<string, unknown> = typeof values.attrs === 'string' ? fieldsOf(readJsonFile(values.attrs, 'attrs')) : {}
    for (const attr of (values.attr as string[] | undefined) ?? []) {
      const [name, value] = parseAttr(attr)
      fields[name] = value
    }
    checkFields(fields, values.attr as string[] | undefined)
    for (const [name, value] of Object.entries(fields))
      if (name.endsWith('_deadline_ms') && typeof value === 'number') out.info(`${name}: ${formatDeadline(value)}`)
    await warnSpellings({ client: new OrchestratorClient(orchestratorUrl(values), { token: clientToken() }), templateId: values.template, fields, values, out })
    const id = typeof values.id === 'string' ? values.id : randomUUID()
    const signer = values.unsigned === true ? 'Unsigned' : loadSigner(values.key as string)
    const agentArgs = (values.agent as string[] | undefined) ?? []
    const agents = agentArgs.length === 0 ? {} : { agents: agentArgs.map(parseAgentKey) }
    if (values.sealed === true) {
      const client = new OrchestratorClient(orchestratorUrl(values), { token: clientToken() })
      const openingOut = typeof values['opening-out'] === 'string' ? values['opening-out'] : undefined
      const disclose = (values.disclose as string[] | undefined) ?? []
      const { signedIntent, openingFile } = await createSealedIntent({ client, id, templateId: values.template, fields, signer, shape, disclose, ...agents, ...(openingOut === undefined ? {} : { openingOut }) })
      // stdout is the id alone (S=$(verity intent create --sealed …)); where the opening is kept is a note.
      out.info(`opening (attrs + salt, keep it private): ${openingFile}`)
      out.result(id, { intent_id: id, intent: signedIntent, opening_file: openingFile })
      return 0
    }
    if (values.disclose !== undefined || values['opening-out'] !== undefined) throw new UsageError('--disclose and --opening-out go with --sealed')
    const body = signIntent({ id, templateId: values.template, fields, signer, shape, ...agents })
    await new OrchestratorClient(orchestratorUrl(values), { token: clientToken() }).submitIntent(body)
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
    const intent = await new OrchestratorClient(orchestratorUrl(values), { token: clientToken() }).getIntent(positionals[0]!)
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
    const status = await new OrchestratorClient(orchestratorUrl(values), { token: clientToken() }).getIntentStatus(positionals[0]!)
    out.result(status, { intent_id: positionals[0], status })
    return 0
  },
}

export const eventsCommand: Command = {
  path: ['events'],
  summary: 'print every retained event, then follow the stream (resumes after disconnects); --json for JSON lines',
  usage: 'verity events [--from EVENT_ID | --new] [--count N] [--orchestrator URL]',
  optionHelp: {
    from: 'replay the events after this id (default 0: everything retained)',
    new: 'only events from now on',
    count: 'stop after this many events',
  },
  options: { ...ORCHESTRATOR_OPTION, from: { type: 'string' }, new: { type: 'boolean' }, count: { type: 'string', short: 'n' } },
  async run({ values, json, out, signal }) {
    if (values.from !== undefined && values.new === true) throw new UsageError('give --from or --new, not both')
    if (typeof values.from === 'string' && !/^[0-9]{1,15}$/.test(values.from)) throw new UsageError('--from must be an event id (a whole number)')
    const count = values.count === undefined ? Infinity : parseCount(values.count)
    // Event ids start at 1, so "after 0" replays everything the orchestrator still retains.
    const lastEventId = values.new === true ? undefined : typeof values.from === 'string' ? values.from : '0'
    const controller = new AbortController()
    const stop = () => controller.abort()
    signal.addEventListener('abort', stop, { once: true })
    const baseUrl = orchestratorUrl(values)
    // A stream that never opened is a wrong URL or a stopped orchestrator: report it. One that
    // opened and dropped is followed again (the orchestrator may be restarting).
    let opened = false
    let unreachable: ServiceUnreachableError | undefined
    const client = new OrchestratorClient(baseUrl)
    const contexts = new Map<string, ReturnType<typeof failureContextOf>>()
    const events = client.events({
      ...(lastEventId === undefined ? {} : { lastEventId }),
      signal: controller.signal,
      onOpen: () => (opened = true),
      onReconnect: (error, delayMs) => {
        if (opened) return out.info(`event stream interrupted (${(error as Error).message}); reconnecting in ${delayMs} ms`)
        unreachable = new ServiceUnreachableError({ url: `${baseUrl}/events`, reason: describeFetchFailure(error) })
        controller.abort()
      },
    })
    let printed = 0
    try {
      for await (const event of events) {
        out.result(formatEvent(event, json ? undefined : await failureContextOf(client, event, contexts)), { id: event.id, type: event.type, ...event.data })
        if (++printed >= count) break
      }
    } finally {
      controller.abort()
      signal.removeEventListener('abort', stop)
    }
    if (unreachable) throw unreachable
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
    const proof = await new OrchestratorClient(orchestratorUrl(values), { token: clientToken() }).getProof(positionals[0]!)
    writeFileSync(values.out, `${stringifyJsonBigint(proof)}\n`)
    out.result(`proof written to ${values.out}`, { path: values.out })
    return 0
  },
}

// A value that makes an intent no proposal can satisfy is refused before signing, naming the flag.
function checkFields(fields: Record<string, unknown>, attrs: readonly string[] = []): void {
  try {
    checkIntentFields(fields)
  } catch (error) {
    if (!(error instanceof CentsNotWholeError || error instanceof DeadlineTooSoonError)) throw error
    const field = error.fields.field
    const flag = attrs.some((attr) => attr.startsWith(`${field}=`)) ? '--attr' : '--attrs'
    throw new UsageError(`${flag} ${error.message}`)
  }
}

function parseCount(value: unknown): number {
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,8}$/.test(value)) throw new UsageError('--count must be a whole number ≥ 1')
  return Number(value)
}

// Accepts an InputMap `{"fields": {...}}` or a plain object of fields.
function fieldsOf(json: unknown): Record<string, unknown> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new UsageError('--attrs file must hold a JSON object')
  const keys = Object.keys(json)
  if (keys.length === 1 && keys[0] === 'fields') return { ...((json as { fields: Record<string, unknown> }).fields) }
  return { ...(json as Record<string, unknown>) }
}
