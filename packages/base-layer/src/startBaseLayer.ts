import type { FastifyInstance } from 'fastify'
import { readBaseLayerOptions, type BaseLayerOptions } from './config/readBaseLayerOptions.ts'
import { loadGenesisFile, type Genesis } from './genesis/Genesis.ts'
import { buildBaseLayerApp } from './http/buildBaseLayerApp.ts'
import { BaseLayerNode } from './node/BaseLayerNode.ts'
import { ProverSdlVerifier } from './settlement/ProverSdlVerifier.ts'
import { openBaseLayerStore } from './store/openBaseLayerStore.ts'
import { describeDatabaseUrl } from '@verity/postgres'
import { readCrs } from '@verity/prover'

export type StartBaseLayerOptions = Partial<BaseLayerOptions> & {
  /** command-line arguments to read (`--port` …); default none */
  argv?: readonly string[]
  /** environment to read `VERITY_*` from; default process.env */
  env?: Record<string, string | undefined>
  /** a genesis given in code (the embedded devnet of a domain); wins over `genesisPath` */
  genesis?: Genesis
  /** where a deprecated flag or variable is reported; default a Node DeprecationWarning */
  onDeprecated?: (line: string) => void
  /** ends the start at its next stage (Ctrl-C / SIGTERM): what it opened is closed and the start rejects with the signal's reason */
  signal?: AbortSignal
}

export type RunningBaseLayer = {
  app: FastifyInstance
  node: BaseLayerNode
  /** http://host:port of the JSON-RPC endpoint */
  url: string
  /** Which Barretenberg verifies SDL and mandate proofs: the native bb or its wasm. */
  proverBackend: 'native' | 'wasm'
  close(): Promise<void>
}

/**
 * Starts a base-layer node: reads options (explicit ones win over flags, flags over `VERITY_*`
 * environment), checks the CRS its verifier will use (a tampered one is refused here, CRS_INVALID,
 * not at the first verification; the prover itself still starts on first use), opens the store (PostgreSQL at `databaseUrl`, else SQLite in `dataDir`) and
 * migrates it, funds the genesis accounts, and listens for JSON-RPC.
 */
export async function startBaseLayer(options: StartBaseLayerOptions = {}): Promise<RunningBaseLayer> {
  const { argv, env, genesis: genesisGiven, onDeprecated, signal, ...explicit } = options
  const read = readBaseLayerOptions(argv ?? [], env ?? process.env, onDeprecated ?? ((line) => process.emitWarning(line, 'DeprecationWarning')))
  const settings: BaseLayerOptions = { ...read, ...definedOnly(explicit) }
  // Fail closed before anything is opened or bound: load the CRS and check its SHA-256.
  readCrs(settings.crsPath)
  signal?.throwIfAborted()
  const genesis = genesisGiven ?? (settings.genesisPath === undefined ? undefined : loadGenesisFile(settings.genesisPath))
  const store = await openBaseLayerStore(settings)
  const verifier = new ProverSdlVerifier({
    ...(settings.crsPath === undefined ? {} : { crsPath: settings.crsPath }),
    trustedExtractorKeys: (settings.trustedExtractorKeys ?? '').split(',').map((key) => key.trim()).filter((key) => key !== ''),
  })
  const node = new BaseLayerNode({
    store,
    verifier,
    ...(genesis === undefined ? {} : { genesis }),
    ...(settings.agreementActivationDelayMs === undefined ? {} : { agreementActivationDelayMs: settings.agreementActivationDelayMs }),
  })
  const app = buildBaseLayerApp({
    node,
    logLevel: settings.logLevel,
    rateLimit: {
      ...(settings.rateLimitMax === undefined ? {} : { rateLimitMax: settings.rateLimitMax }),
      ...(settings.rateLimitWindowMs === undefined ? {} : { rateLimitWindowMs: settings.rateLimitWindowMs }),
    },
  })
  try {
    await node.ready()
    signal?.throwIfAborted()
    await app.listen({ port: settings.port, host: settings.host })
  } catch (error) {
    await app.close()
    await node.close()
    await verifier.close()
    throw error
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address !== null ? address.port : settings.port
  const url = `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}`
  const storage = settings.databaseUrl === undefined ? { dataDir: settings.dataDir } : { database: describeDatabaseUrl(settings.databaseUrl) }
  app.log.info({ url, storage: store.backend, prover_backend: verifier.backend, ...storage }, 'base layer listening')
  return {
    app,
    node,
    url,
    proverBackend: verifier.backend,
    async close() {
      await app.close()
      await node.close()
      await verifier.close()
    },
  }
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, inner]) => inner !== undefined)) as Partial<T>
}
