import * as limits from './limits.ts'
import type { McpLimits } from './tools/ToolDependencies.ts'

/** What `verity mcp` is told: where the services are, the agent's key, and the limits. */
export type VerityMcpOptions = {
  orchestratorUrl: string
  domainUrl: string
  /** The UCP business `search_catalog` searches when the call names none (default BUSINESS_URL_DEFAULT, the devnet's demo store). */
  businessUrl?: string
  /** The agent's own key file (`verity keygen`): signs `transfer`. Without it, transfer answers AGENT_KEY_MISSING. */
  keyPath?: string
  /** The base layer's JSON-RPC URL: get_vault's finalized view of a domain settling there (default BASE_LAYER_URL_DEFAULT). */
  baseLayerUrl?: string
  /** JSON-RPC URL of the EVM chain a domain settles on: get_vault reads the contract's root there (default EVM_RPC_URL_DEFAULT). */
  evmRpcUrl?: string
  /** The VeritySettlement contract the user trusts: get_vault refuses a finalized view read from another (EVM_CONTRACT_NOT_PINNED). */
  evmContract?: string
  /** Shard of the agent's vault (default 1). */
  shard?: number
  /** The production verifier in verify_proof (every accepted proof is on Aztec's Ignition CRS in any case). */
  production?: boolean
  /** CRS directory for verify_proof, holding Aztec's Ignition CRS files (default: VERITY_CRS_PATH, else the prover's own). */
  crsPath?: string
  /** The openings of sealed intents the user hands to the agent (`verity intent create --sealed` keeps them in .verity/openings). */
  openingsDir?: string
  limits?: Partial<McpLimits>
}

/** The defaults of every limit, from limits.ts. */
export const MCP_LIMITS_DEFAULT: Readonly<McpLimits> = Object.freeze({
  toolOutputBytesMax: limits.TOOL_OUTPUT_BYTES_MAX,
  searchResultsDefault: limits.SEARCH_RESULTS_DEFAULT,
  searchResultsMax: limits.SEARCH_RESULTS_MAX,
  waitTimeoutSDefault: limits.WAIT_TIMEOUT_S_DEFAULT,
  waitTimeoutSMax: limits.WAIT_TIMEOUT_S_MAX,
  waitProgressIntervalMs: limits.WAIT_PROGRESS_INTERVAL_MS,
})
