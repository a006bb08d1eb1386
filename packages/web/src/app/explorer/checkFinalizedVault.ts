// Loaded only when an EVM-settled domain's finalized vault is looked up (a dynamic import: it
// hashes with bb.js). Reads the shard's root from the VeritySettlement contract through the web
// server's read-only EVM proxy (POST /api/evm), then checks the domain's answer against it with
// the SDK's verifyFinalizedVault, the code `verity vault show --finalized` runs.
import { verifyFinalizedVault, type EvmFinalizedVaultAnswer, type FinalizedVaultView } from '../../../../sdk/src/finalized/verifyFinalizedVault.ts'
import { ApiError } from '../api/ApiError.ts'
import { callApi } from '../api/callApi.ts'

/** The 4-byte selector of VeritySettlement's `rootOf(uint64)` (a test checks it against the ABI). */
export const ROOT_OF_SELECTOR = '0x9d7384d9'

export type CheckedFinalizedVault = { view: FinalizedVaultView; blockNumber: bigint }

/**
 * The vault the answer proves, checked against the root the contract held at the block the domain
 * answered for (read here, not taken from the answer); throws FinalizedProofError when it does not check.
 */
export async function checkFinalizedVault(answer: EvmFinalizedVaultAnswer, ownerId: string): Promise<CheckedFinalizedVault> {
  const chainId = Number(BigInt(await callEvm<string>('eth_chainId', [])))
  if (chainId !== answer.chain_id) throw new Error(`the web server's EVM node is chain ${chainId}; the domain settles on chain ${answer.chain_id}`)
  const blockNumber = BigInt(answer.block_number)
  const latestBlock = BigInt(await callEvm<string>('eth_blockNumber', []))
  if (blockNumber > latestBlock) throw new Error(`the domain answered for block ${blockNumber}, beyond the chain's latest, ${latestBlock}`)
  const root = await callEvm<string>('eth_call', [{ to: answer.contract, data: rootOfCallData(answer.shard) }, `0x${blockNumber.toString(16)}`])
  return { view: await verifyFinalizedVault(answer, { ownerId, root }), blockNumber }
}

/** ABI-encoded call of `rootOf(shard)`: the selector and the shard as one 32-byte word. */
export function rootOfCallData(shard: number): string {
  return `${ROOT_OF_SELECTOR}${shard.toString(16).padStart(64, '0')}`
}

async function callEvm<T>(method: string, params: unknown[]): Promise<T> {
  const answer = await callApi<{ result?: T; error?: { message: string } }>('/api/evm', { method: 'POST', json: { jsonrpc: '2.0', id: 1, method, params } })
  if (answer.error) throw new ApiError(200, undefined, `the EVM node: ${answer.error.message}`)
  return answer.result as T
}
