import type { Signer } from '@verity/core'
import type { DomainClient, OrchestratorClient, TokenDirectory, UcpBusinessClient } from '@verity/sdk'
import type { Prover } from '@verity/prover'

/** The limits a server applies (limits.ts defaults, or what `verity mcp` was told). */
export type McpLimits = {
  toolOutputBytesMax: number
  searchResultsDefault: number
  searchResultsMax: number
  waitTimeoutSDefault: number
  waitTimeoutSMax: number
  waitProgressIntervalMs: number
}

/** What every tool needs: clients of the services, the agent's signer (if any), the proof verifier. */
export type ToolDependencies = {
  orchestrator: OrchestratorClient
  domain: DomainClient
  /** Token symbols and names, read from each token's mint once per server (money shown as money). */
  tokens: TokenDirectory
  /** The UCP business searched when a call names none (`--business`, default the demo store). */
  businessUrl: string
  /** The client of a UCP business (kept for the last few businesses, so discovery is not repeated per call). */
  business: (url: string) => UcpBusinessClient
  /** The agent's own key (`--key`), which signs `transfer`; the server never holds a user's key. */
  signer: Signer | undefined
  /** Where get_vault's finalized view reads: the base layer, or the EVM chain the domain settles on (`--base-layer`, `--rpc`), and the contract pinned there (`--contract`). */
  finalizedSources: { baseLayerUrl: string; evmRpcUrl: string; evmContract?: string }
  /** The shard the agent's vault lives on (`--shard`, default 1). */
  shard: number
  /** The policy proof verifier, created on first use (loading the circuits takes a moment), with the circuit hash of each policy tier. */
  verifier: () => Promise<Pick<Prover, 'verifyPolicy'> & { circuitHashes: Readonly<Record<string, string>> }>
  /** Refuse dev-CRS proofs in verify_proof. */
  production: boolean
  limits: McpLimits
  /** Where the user's side keeps the openings of its sealed intents (`--openings`): the agent then sees their attrs. */
  openingsDir?: string
}
