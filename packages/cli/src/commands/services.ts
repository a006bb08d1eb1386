import { parseArgs } from 'node:util'
import type { Command } from '../Command.ts'
import { UsageError } from '../UsageError.ts'
import { waitForSignal } from '../services/waitForSignal.ts'

// Commands that run one service in the foreground until Ctrl-C. Their flags are the service's
// own (each package's README lists them), so arguments are handed over unparsed. Each service
// package is imported when its command runs: loading all of them would slow every other command.

export const orchestratorCommand: Command = {
  path: ['orchestrator'],
  summary: 'run the orchestrator (port 8080); flags: --port --data-dir --intent-ttl --allow-unsigned-intents … (docs/orchestrator.md)',
  usage: 'verity orchestrator [--port N] [--data-dir DIR] [--intent-ttl 24h] [--allow-unsigned-intents] [--crs-path FILE]',
  rawArgs: true,
  async run({ positionals, out, signal }) {
    const { readOrchestratorSettings, startOrchestrator } = await import('@verity/orchestrator')
    const settings = asUsageError(() => readOrchestratorSettings(positionals, process.env, (line) => process.stderr.write(`warning: ${line}\n`)))
    const orchestrator = await startOrchestrator(settings)
    out.result(`orchestrator listening on ${orchestrator.url}`, { orchestrator: orchestrator.url })
    await waitForSignal(signal)
    await orchestrator.close()
    return 0
  },
}

export const baseLayerCommand: Command = {
  path: ['base-layer'],
  summary: 'run a base-layer node (JSON-RPC, port 9000); flags: --port --data-dir --genesis … (docs/base-layer-rpc.md)',
  usage: 'verity base-layer [--port N] [--data-dir DIR] [--genesis FILE] [--activation-delay-ms N] [--crs FILE]',
  rawArgs: true,
  async run({ positionals, out, signal }) {
    const { startBaseLayer } = await import('@verity/base-layer')
    const node = await startBaseLayer({ argv: positionals }).catch((error: unknown) => asUsageError(() => {
      throw error
    }))
    out.result(`base layer listening on ${node.url}`, { base_layer: node.url })
    await waitForSignal(signal)
    await node.close()
    return 0
  },
}

/** Where `verity extractor` keeps its attestation key unless --key-file says otherwise. */
const EXTRACTOR_KEY_FILE_DEFAULT = '.verity/extractor/key.json'

export const extractorCommand: Command = {
  path: ['extractor'],
  summary: 'run the reference evidence extractor (port 8090) over a catalog (default: the demo catalog)',
  usage:
    'verity extractor [--port N] [--host H] [--catalog FILE] [--mapping FILE] [--key-file FILE] [--storefront-hosts-allowed H,…] ' +
    '[--storefront-ports-allowed 80,443] [--storefront-private-addresses-allowed CIDR|ADDR|ADDR:PORT,…]',
  rawArgs: true,
  async run({ positionals, out, signal }) {
    const { values } = parseServiceArgs(positionals, {
      port: { type: 'string' },
      host: { type: 'string' },
      catalog: { type: 'string' },
      mapping: { type: 'string' },
      'key-file': { type: 'string' },
      'storefront-hosts-allowed': { type: 'string' },
      'storefront-ports-allowed': { type: 'string' },
      'storefront-private-addresses-allowed': { type: 'string' },
    })
    const { startExtractor } = await import('@verity/extractor')
    const hosts = values['storefront-hosts-allowed']
    const ports = values['storefront-ports-allowed']
    const privateAddresses = values['storefront-private-addresses-allowed']
    const extractor = await startExtractor({
      ...(values.port === undefined ? {} : { port: parsePort(values.port) }),
      ...(values.host === undefined ? {} : { host: values.host }),
      ...(values.catalog === undefined ? {} : { catalogPath: values.catalog }),
      ...(values.mapping === undefined ? {} : { mappingPath: values.mapping }),
      // Every reply is attested with this key (created on first start; docs/proofs.md, "The trust chain").
      keyFile: values['key-file'] ?? EXTRACTOR_KEY_FILE_DEFAULT,
      ...(hosts === undefined ? {} : { storefrontHostsAllowed: splitList(hosts) }),
      ...(ports === undefined ? {} : { storefrontPortsAllowed: splitList(ports).map((port) => parseListedPort(port, '--storefront-ports-allowed')) }),
      ...(privateAddresses === undefined ? {} : { storefrontPrivateAddressesAllowed: splitList(privateAddresses) }),
    }).catch((error: unknown) => asUsageError(() => {
      throw error
    }))
    const extractorKey = extractor.key ?? ''
    out.result(`extractor listening on ${extractor.url} (attesting with key ${extractorKey})`, { extractor: extractor.url, extractor_key: extractorKey })
    await waitForSignal(signal)
    await extractor.close()
    return 0
  },
}

/** A comma-separated flag value as a list; `""` is the empty list. */
function splitList(text: string): string[] {
  return text.split(',').map((item) => item.trim()).filter((item) => item !== '')
}

function parseListedPort(text: string, flag: string): number {
  const port = Number(text)
  if (!/^\d{1,5}$/.test(text) || port < 1 || port > 65_535) throw new UsageError(`${flag}: expected ports 1–65535 separated by commas, got ${JSON.stringify(text)}`)
  return port
}

export const domainCommand: Command = {
  path: ['domain'],
  summary: 'run a domain from domain.yaml (port app.api_port, 3000 by default) (docs/domain.md)',
  usage: 'verity domain [--config domain.yaml] [--port N] [--data-dir DIR] [--database-url postgres://…]',
  rawArgs: true,
  async run({ positionals, out, signal }) {
    const { values } = parseServiceArgs(positionals, {
      config: { type: 'string' },
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
    })
    const { startDomain } = await import('@verity/domain')
    const domain = await startDomain({
      configPath: values.config ?? 'domain.yaml',
      ...(values.port === undefined ? {} : { port: parsePort(values.port) }),
      ...(values['data-dir'] === undefined ? {} : { dataDir: values['data-dir'] }),
      ...(values['database-url'] === undefined ? {} : { databaseUrl: values['database-url'] }),
      signal,
    })
    out.result(`domain (shard ${domain.config.shard}) listening on ${domain.url}`, { domain: domain.url, shard: domain.config.shard })
    await waitForSignal(signal)
    await domain.close()
    return 0
  },
}

export const domainWorkerCommand: Command = {
  path: ['domain-worker'],
  summary: 'run a proving worker for a domain on PostgreSQL (`proving_workers: true`): claims SDLs and proves them',
  usage: 'verity domain-worker [--config domain.yaml] [--database-url postgres://…]',
  rawArgs: true,
  async run({ positionals, out, signal }) {
    const { values } = parseServiceArgs(positionals, { config: { type: 'string' }, 'database-url': { type: 'string' } })
    const { startProvingWorker } = await import('@verity/domain')
    const worker = await startProvingWorker({
      configPath: values.config ?? 'domain.yaml',
      ...(values['database-url'] === undefined ? {} : { databaseUrl: values['database-url'] }),
    })
    out.result(`proving worker ${worker.holder} running`, { worker: worker.holder })
    await waitForSignal(signal)
    await worker.close()
    return 0
  },
}

function parseServiceArgs<T extends Record<string, { type: 'string' }>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false })
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]!)
  }
}

// The services report a bad flag as INVALID_OPTION; to the CLI that is a usage error (exit code 2).
function asUsageError<T>(read: () => T): T {
  try {
    return read()
  } catch (error) {
    if ((error as { code?: unknown }).code === 'INVALID_OPTION') throw new UsageError((error as Error).message)
    throw error
  }
}

export function parsePort(text: string): number {
  const port = Number(text)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new UsageError(`port must be an integer 0–65535, got ${JSON.stringify(text)}`)
  return port
}
