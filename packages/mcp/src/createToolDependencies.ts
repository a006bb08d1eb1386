import { DomainClient, loadSigner, OrchestratorClient, UcpBusinessClient, TokenDirectory } from '@verity/sdk'
import { BASE_LAYER_URL_DEFAULT, BUSINESS_CLIENTS_MAX, BUSINESS_URL_DEFAULT, EVM_RPC_URL_DEFAULT } from './limits.ts'
import type { Prover } from '@verity/prover'
import type { ToolDependencies } from './tools/ToolDependencies.ts'
import { MCP_LIMITS_DEFAULT, type VerityMcpOptions } from './VerityMcpOptions.ts'

/** UCP business clients by URL, the most recently used BUSINESS_CLIENTS_MAX kept (each holds its discovered binding). */
function businessClients(profileUrl: string): (url: string) => UcpBusinessClient {
  const clients = new Map<string, UcpBusinessClient>()
  return (url) => {
    const client = clients.get(url) ?? new UcpBusinessClient(url, { profileUrl })
    clients.delete(url)
    clients.set(url, client)
    if (clients.size > BUSINESS_CLIENTS_MAX) clients.delete(clients.keys().next().value as string)
    return client
  }
}

/**
 * The clients, signer and verifier every session's tools share, and `close()`, which stops the
 * verifier's worker (created on the first verify_proof: loading the prover takes a moment).
 */
export function createToolDependencies(options: VerityMcpOptions): { deps: ToolDependencies; close(): Promise<void> } {
  let prover: Promise<{ prover: Prover; circuitHashes: Readonly<Record<string, string>> }> | undefined
  const startProver = async () => {
    // Loaded on first use, not at start: the prover and its circuits are heavy.
    const { createProver, policyCircuitHashes } = await import('@verity/prover')
    const created = createProver({ production: options.production === true, workers: 1, ...(options.crsPath === undefined ? {} : { crsPath: options.crsPath }) })
    return { prover: created, circuitHashes: await policyCircuitHashes() }
  }
  const domain = new DomainClient(options.domainUrl)
  const deps: ToolDependencies = {
    orchestrator: new OrchestratorClient(options.orchestratorUrl),
    domain,
    tokens: new TokenDirectory(domain),
    businessUrl: options.businessUrl ?? BUSINESS_URL_DEFAULT,
    business: businessClients(`${options.orchestratorUrl.replace(/\/$/, '')}/extractor/ucp/platform-profile`),
    signer: options.keyPath === undefined ? undefined : loadSigner(options.keyPath),
    finalizedSources: {
      baseLayerUrl: options.baseLayerUrl ?? BASE_LAYER_URL_DEFAULT,
      evmRpcUrl: options.evmRpcUrl ?? EVM_RPC_URL_DEFAULT,
      ...(options.evmContract === undefined ? {} : { evmContract: options.evmContract }),
    },
    shard: options.shard ?? 1,
    verifier: async () => {
      prover ??= startProver()
      const { prover: started, circuitHashes } = await prover
      return { verifyPolicy: (parameters) => started.verifyPolicy(parameters), circuitHashes }
    },
    production: options.production === true,
    limits: { ...MCP_LIMITS_DEFAULT, ...options.limits },
    ...(options.openingsDir === undefined ? {} : { openingsDir: options.openingsDir }),
  }
  return {
    deps,
    close: async () => {
      if (prover !== undefined) await (await prover).prover.close()
    },
  }
}
