// The page reads a VeritySettlement's root with an eth_call through POST /api/evm. The contract it
// calls comes from the domain's finalized-vault answer, so it is the domain's word: before
// forwarding, the web server checks that it is this version's VeritySettlement with this version's
// SDL verifier (checkSettlementContract, the check the CLI and the MCP server make). The browser
// has no compiler to make it itself.
import { isEvmAddress } from '@verity/core'
import { assertPinnedContract } from '@verity/sdk'
import type { RpcRequest } from './proxyRoutes.ts'
import { EvmCallTargetError } from './webErrors.ts'

/**
 * Throws unless a JSON-RPC body that is an eth_call calls a checked VeritySettlement, and the
 * pinned one when the server was given one (`evmContract`: `verity up` pins the contract it
 * deployed); other methods pass.
 */
export async function checkEvmCallTarget(rpcUrl: string, request: RpcRequest, pinned: string | undefined): Promise<void> {
  if (request.method !== 'eth_call') return
  const call = Array.isArray(request.params) ? (request.params[0] as { to?: unknown } | null | undefined) : undefined
  const to = call?.to
  if (!isEvmAddress(to)) throw new EvmCallTargetError({ reason: 'params[0].to must be a contract address (0x and 40 hex digits)' })
  assertPinnedContract({ contract: to }, pinned)
  // Loaded here: the check compiles the contracts (solc), which only EVM-settled explorers need.
  const { checkSettlementContract } = await import('@verity/settlement-evm')
  await checkSettlementContract({ rpcUrl, contract: to })
}
