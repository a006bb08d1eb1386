import { VERITY_VERSION } from '@verity/core'
import type { Command } from '../Command.ts'
import { UsageError } from '../UsageError.ts'
import { runService } from '../services/runService.ts'

// Commands that run one service in the foreground until Ctrl-C. Their flags are the service's
// own (each package's README lists them), so arguments are handed over unparsed. Each service
// package is imported when its command runs: loading all of them would slow every other command.
// Each runs under runService: Ctrl-C or SIGTERM ends it at any stage of its start, and a start that
// fails (a tampered CRS, a bad key file) exits 1 with one line, before anything listens.

export const orchestratorCommand: Command = {
  path: ['orchestrator'],
  summary: 'run the orchestrator (port 8080); flags: --port --data-dir --intent-ttl-ms --allow-unsigned-intents … (docs/operations.md)',
  usage: 'verity orchestrator [--port N] [--data-dir DIR] [--intent-ttl-ms 86400000] [--allow-unsigned-intents] [--crs-path FILE]',
  rawArgs: true,
  async run({ positionals, out, signal }) {
    const { readOrchestratorSettings, startOrchestrator } = await import('@verity/orchestrator')
    const settings = asUsageError(() => readOrchestratorSettings(positionals, process.env, warnDeprecated))
    return runService({
      signal,
      onStarting: () => out.info('starting the orchestrator …'),
      start: (stop) => startOrchestrator({ ...settings, signal: stop }),
      onStarted: (orchestrator) => {
        out.result(`orchestrator listening on ${orchestrator.url} (Verity ${VERITY_VERSION}, prover: ${orchestrator.proverBackend} Barretenberg)`, { orchestrator: orchestrator.url, prover_backend: orchestrator.proverBackend, version: VERITY_VERSION })
        void orchestrator.proverWarm.then(() => signal.aborted || out.info(`orchestrator ready: prover warm, proposals prove at full speed (${orchestrator.url}/readyz)`))
      },
    })
  },
}

export const baseLayerCommand: Command = {
  path: ['base-layer'],
  summary: 'run a base-layer node (JSON-RPC, port 9000); flags: --port --data-dir --genesis … (docs/base-layer-rpc.md)',
  usage: 'verity base-layer [--port N] [--data-dir DIR] [--genesis FILE] [--activation-delay-ms N] [--crs-path FILE]',
  rawArgs: true,
  async run({ positionals, out, signal }) {
    const { startBaseLayer } = await import('@verity/base-layer')
    return runService({
      signal,
      onStarting: () => out.info('starting the base layer …'),
      start: (stop) => startBaseLayer({ argv: positionals, onDeprecated: warnDeprecated, signal: stop }).catch(rethrowAsUsageError),
      onStarted: (node) => out.result(`base layer listening on ${node.url} (Verity ${VERITY_VERSION}, verifier: ${node.proverBackend} Barretenberg)`, { base_layer: node.url, prover_backend: node.proverBackend, version: VERITY_VERSION }),
    })
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
    const { createStorefrontEgressPolicy, readExtractorOptions, startExtractor } = await import('@verity/extractor')
    const values = asUsageError(() => readExtractorOptions(positionals, process.env, warnDeprecated))
    // The address allowance is checked here, as a usage error, before the start is under way.
    asUsageError(() => createStorefrontEgressPolicy({ ...(values.storefrontPrivateAddressesAllowed === undefined ? {} : { privateAddressesAllowed: values.storefrontPrivateAddressesAllowed }) }))
    return runService({
      signal,
      onStarting: () => out.info('starting the extractor …'),
      // Every reply is attested with this key (created on first start; docs/proofs.md, "The trust chain").
      start: () => startExtractor({ ...values, keyFile: values.keyFile ?? EXTRACTOR_KEY_FILE_DEFAULT }).catch(rethrowAsUsageError),
      onStarted: (extractor) => {
        const extractorKey = extractor.key ?? ''
        out.result(`extractor listening on ${extractor.url} (Verity ${VERITY_VERSION}, attesting with key ${extractorKey})`, { extractor: extractor.url, extractor_key: extractorKey, version: VERITY_VERSION })
      },
    })
  },
}

export const storeCommand: Command = {
  path: ['store'],
  summary: 'run the demo store, a UCP business (port 8095): /.well-known/ucp, catalog search and lookup over REST and MCP, checkout, orders and AP2 mandates over REST (packages/store)',
  usage:
    'verity store [--port N] [--host H] [--catalog FILE] [--base-url URL] [--payee ADDRESS | --payee-key-file FILE [--payee-shard N]] ' +
    '[--payee-token native|TOKEN] [--domain-url URL] [--state-dir DIR] [--shop-rules FILE] [--platform-hosts H,H] [--known-platforms FILE] [--orders-secret S] ' +
    '[--conformance --simulation-secret S (test only)]',
  rawArgs: true,
  async run({ positionals, out, signal }) {
    const { readStoreOptions, startStore } = await import('@verity/store')
    const options = asUsageError(() => readStoreOptions(positionals, process.env))
    return runService({
      signal,
      onStarting: () => out.info('starting the demo store …'),
      start: async () => asUsageError(() => startStore(options)).catch(rethrowAsUsageError),
      onStarted: (store) =>
        out.result(`demo store (UCP business) listening on ${store.url} (Verity ${VERITY_VERSION}); profile ${store.url}/.well-known/ucp; paid to ${store.payee.address}`, {
          store: store.url,
          version: VERITY_VERSION,
          payee: store.payee.address,
          payee_token: store.payee.token,
        }),
    })
  },
}

/** A deprecated flag or variable of a service: one warning line on stderr (docs/operations.md lists the new names). */
function warnDeprecated(line: string): void {
  process.stderr.write(`warning: ${line}\n`)
}

export const domainCommand: Command = {
  path: ['domain'],
  summary: 'run a domain from domain.yaml (port app.api_port, 3000 by default) (docs/domain.md)',
  usage: 'verity domain [--config domain.yaml] [--port N] [--data-dir DIR] [--database-url postgres://…]',
  rawArgs: true,
  async run({ positionals, out, signal }) {
    const { readDomainOptions, startDomain } = await import('@verity/domain')
    const options = asUsageError(() => readDomainOptions(positionals, process.env, warnDeprecated))
    return runService({
      signal,
      onStarting: () => out.info('starting the domain …'),
      start: (stop) => startDomain({ ...options, signal: stop }),
      onStarted: (domain) =>
        out.result(`domain (shard ${domain.config.shard}) listening on ${domain.url} (Verity ${VERITY_VERSION}, prover: ${domain.proverBackend} Barretenberg)`, { domain: domain.url, shard: domain.config.shard, prover_backend: domain.proverBackend, version: VERITY_VERSION }),
    })
  },
}

export const domainWorkerCommand: Command = {
  path: ['domain-worker'],
  summary: 'run a proving worker for a domain on PostgreSQL (`proving_workers: true`): claims SDLs and proves them',
  usage: 'verity domain-worker [--config domain.yaml] [--database-url postgres://…]',
  rawArgs: true,
  async run({ positionals, out, signal }) {
    const { readDomainOptions, startProvingWorker } = await import('@verity/domain')
    const { configPath, databaseUrl, crsPath, logLevel } = asUsageError(() => readDomainOptions(positionals, process.env, warnDeprecated))
    return runService({
      signal,
      onStarting: () => out.info('starting the proving worker …'),
      start: () => startProvingWorker({ configPath, ...(databaseUrl === undefined ? {} : { databaseUrl }), ...(crsPath === undefined ? {} : { crsPath }), ...(logLevel === undefined ? {} : { logLevel }) }),
      onStarted: (worker) => out.result(`proving worker ${worker.holder} running (Verity ${VERITY_VERSION})`, { worker: worker.holder, version: VERITY_VERSION }),
    })
  },
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

function rethrowAsUsageError(error: unknown): never {
  return asUsageError(() => {
    throw error
  })
}

export function parsePort(text: string): number {
  const port = Number(text)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new UsageError(`port must be an integer 0–65535, got ${JSON.stringify(text)}`)
  return port
}
