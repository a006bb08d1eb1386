import type { Command } from '../Command.ts'
import { loadSigner } from '@verity/sdk'
import { describeAgentKey } from '../describeKey.ts'
import { openingsDir } from '../sealed/sealedOpenings.ts'
import { BASE_LAYER_OPTION, DOMAIN_OPTION, ORCHESTRATOR_OPTION, STORE_URL_DEFAULT, STORE_URL_ENV, baseLayerUrl, domainUrl, orchestratorUrl, storeUrl } from '../endpoints.ts'
import { givenOrDevnetEvmRpcUrl, pinnedEvmContract } from '../evmRpcUrl.ts'
import { CRS_PATH_OPTIONS, crsPathOption } from '../crsPathOption.ts'
import { parseShard } from '../parseShard.ts'
import { waitForSignal } from '../services/waitForSignal.ts'
import { parsePort } from './services.ts'

/** The environment variable `--allowed-origins` defaults to. */
export const ALLOWED_ORIGINS_ENV = 'VERITY_MCP_ALLOWED_ORIGINS'

/** `--allowed-origins`, else VERITY_MCP_ALLOWED_ORIGINS: comma-separated, blanks dropped (checked by serveHttp). */
export function readAllowedOrigins(values: Readonly<Record<string, unknown>>, env: Readonly<Record<string, string | undefined>>): string[] {
  const text = typeof values['allowed-origins'] === 'string' ? values['allowed-origins'] : (env[ALLOWED_ORIGINS_ENV] ?? '')
  return text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '')
}

export const mcpCommand: Command = {
  path: ['mcp'],
  summary: 'serve the Verity MCP server, so an AI agent can shop within a signed intent (stdio, or --http)',
  usage:
    'verity mcp [--http [--port 8070] [--host 127.0.0.1] [--allow-remote] [--allowed-origins LIST]] [--orchestrator URL] [--domain URL] [--base-layer URL] [--rpc URL] [--contract ADDRESS] [--business URL] [--key FILE] [--shard 1] [--production] [--crs-path DIR] [--openings DIR|none]',
  optionHelp: {
    http: 'serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio',
    port: 'with --http: port (default 8070; 0: any free port)',
    host: 'with --http: listen address (default 127.0.0.1)',
    'allow-remote': 'with --http: allow a listen address other than loopback (the tools have no authentication)',
    'allowed-origins': `with --http: comma-separated browser origins allowed besides the server's own, e.g. https://app.example (default $${ALLOWED_ORIGINS_ENV}); a request from any other Origin is refused with 403`,
    'base-layer': "the base layer's JSON-RPC URL, for get_vault's finalized view of a domain settling there (default $VERITY_BASE_LAYER_URL, else http://127.0.0.1:9000)",
    rpc: "JSON-RPC URL of the chain an EVM-settled domain settles on, for get_vault's finalized view (default $VERITY_EVM_RPC_URL, else the devnet's chain from $VERITY_DATA_DIR/domain.yaml, else http://127.0.0.1:8545)",
    contract: "the VeritySettlement contract the user trusts: get_vault refuses a finalized view read from another (default $VERITY_EVM_CONTRACT)",
    business: `the UCP business search_catalog and checkout use when a call names none (default $${STORE_URL_ENV}, as verity checkout, else ${STORE_URL_DEFAULT}, the devnet's demo store)`,
    key: "the agent's own key file: signs `transfer` (without it, transfer is refused) and the proposals of intents that name their agents",
    shard: "shard of the agent's vault (default 1)",
    production: "production verifier for verify_proof (every accepted proof is on Aztec's Ignition CRS in any case; kept for scripts)",
    'crs-path': 'CRS directory for verify_proof (default $VERITY_CRS_PATH; --crs is the deprecated name)',
    openings: 'directory of sealed intents\' openings handed to the agent (default $VERITY_DATA_DIR/openings, where verity intent create --sealed keeps them; "none": hand none)',
  },
  options: {
    ...ORCHESTRATOR_OPTION,
    ...DOMAIN_OPTION,
    ...BASE_LAYER_OPTION,
    rpc: { type: 'string' },
    contract: { type: 'string' },
    http: { type: 'boolean' },
    port: { type: 'string' },
    host: { type: 'string' },
    'allow-remote': { type: 'boolean' },
    'allowed-origins': { type: 'string' },
    business: { type: 'string' },
    key: { type: 'string', short: 'k' },
    shard: { type: 'string', short: 's' },
    production: { type: 'boolean' },
    openings: { type: 'string' },
    ...CRS_PATH_OPTIONS,
  },
  async run({ values, out, signal }) {
    // Loaded here: the SDK does not depend on the MCP package (which depends on the SDK).
    const { serveHttp, serveStdio, limits } = await import('@verity/mcp')
    const crsPath = crsPathOption(values, out)
    const rpcUrl = await givenOrDevnetEvmRpcUrl(values, undefined)
    const evmContract = pinnedEvmContract(values)
    const options = {
      orchestratorUrl: orchestratorUrl(values),
      domainUrl: domainUrl(values),
      baseLayerUrl: baseLayerUrl(values),
      ...(rpcUrl === undefined ? {} : { evmRpcUrl: rpcUrl }),
      ...(evmContract === undefined ? {} : { evmContract }),
      businessUrl: storeUrl(values),
      ...(typeof values.key === 'string' ? { keyPath: values.key } : {}),
      shard: parseShard(values.shard, 1),
      production: values.production === true,
      ...(crsPath === undefined ? {} : { crsPath }),
      ...(values.openings === 'none' ? {} : { openingsDir: typeof values.openings === 'string' ? values.openings : openingsDir() }),
    }
    if (typeof values.key === 'string') out.info(describeAgentKey(loadSigner(values.key)))
    const log = (error: unknown) => out.info(`mcp: ${error instanceof Error ? error.message : String(error)}`)
    if (values.http !== true) {
      // stdout carries the protocol: nothing else is printed there.
      await serveStdio(options, signal, log)
      return 0
    }
    const running = await serveHttp(
      {
        ...options,
        port: typeof values.port === 'string' ? parsePort(values.port) : limits.HTTP_PORT_DEFAULT,
        ...(typeof values.host === 'string' ? { host: values.host } : {}),
        allowRemote: values['allow-remote'] === true,
        allowedOrigins: readAllowedOrigins(values, process.env),
      },
      log,
    )
    out.result(`Verity MCP server (Streamable HTTP) at ${running.url}\nPress Ctrl-C to stop.`, { url: running.url })
    await waitForSignal(signal)
    await running.close()
    return 0
  },
}
