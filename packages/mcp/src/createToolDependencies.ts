import { DomainClient, ExtractorClient, loadSigner, OrchestratorClient } from '@verity/sdk'
import type { Prover } from '@verity/prover'
import type { ToolDependencies } from './tools/ToolDependencies.ts'
import { MCP_LIMITS_DEFAULT, type VerityMcpOptions } from './VerityMcpOptions.ts'

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
  const deps: ToolDependencies = {
    orchestrator: new OrchestratorClient(options.orchestratorUrl),
    domain: new DomainClient(options.domainUrl),
    extractor: new ExtractorClient(options.extractorUrl ?? `${options.orchestratorUrl.replace(/\/$/, '')}/extractor`),
    signer: options.keyPath === undefined ? undefined : loadSigner(options.keyPath),
    shard: options.shard ?? 1,
    verifier: async () => {
      prover ??= startProver()
      const { prover: started, circuitHashes } = await prover
      return { verifyPolicy: (parameters) => started.verifyPolicy(parameters), circuitHashes }
    },
    production: options.production === true,
    limits: { ...MCP_LIMITS_DEFAULT, ...options.limits },
  }
  return {
    deps,
    close: async () => {
      if (prover !== undefined) await (await prover).prover.close()
    },
  }
}
