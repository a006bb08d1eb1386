// The state root the VeritySettlement contract holds for a shard, read at one block: what a
// finalized vault's inclusion proof is checked against (docs/settlement-evm.md, "Finalized
// balances"). Read-only, no key; the caller picks how many confirmations make a root final. The
// contract is checked first (checkSettlementContract): a root of any other contract proves nothing.
import { createPublicClient, http, type Address, type Hex } from 'viem'
import { veritySettlementAbi } from '../contracts/veritySettlementAbi.ts'
import { checkSettlementContract } from './checkSettlementContract.ts'
import { EvmUnavailableError } from '../errors/evmSettlementErrors.ts'
import { CONFIRMATIONS_MAX, EVM_RPC_TIMEOUT_MS } from '../limits.ts'

export type ReadFinalizedRootParameters = {
  rpcUrl: string
  /** the VeritySettlement contract */
  contract: Address
  shard: number
  /** blocks on top of the one read (1: the latest block), at most CONFIRMATIONS_MAX; default 1 */
  confirmations?: number
  /** read at this block instead (a finalized-vault answer's `block_number`, to check it); `confirmations` is then not used */
  blockNumber?: bigint
}

export type FinalizedRoot = {
  /** the chain id the node reports */
  chainId: number
  /** the block the root was read at */
  blockNumber: bigint
  /** the shard's state root at that block (0x + 64 hex) */
  root: Hex
  /** the chain's latest block when it was read */
  latestBlock: bigint
}

/**
 * Reads the shard's root at `blockNumber`, else at the latest block less `confirmations - 1`, once
 * the contract is this version's VeritySettlement (SettlementContractMismatchError otherwise, a
 * check each process makes once per contract); throws EvmUnavailableError when the node cannot
 * answer (a block it does not have yet, too).
 */
export async function readFinalizedRoot(parameters: ReadFinalizedRootParameters): Promise<FinalizedRoot> {
  const confirmations = parameters.confirmations ?? 1
  if (!Number.isSafeInteger(confirmations) || confirmations < 1 || confirmations > CONFIRMATIONS_MAX)
    throw new RangeError(`"confirmations" must be an integer from 1 to ${CONFIRMATIONS_MAX}, got ${confirmations}`)
  await checkSettlementContract({ rpcUrl: parameters.rpcUrl, contract: parameters.contract })
  const client = createPublicClient({ transport: http(parameters.rpcUrl, { retryCount: 0, timeout: EVM_RPC_TIMEOUT_MS }) })
  try {
    const [chainId, latest] = await Promise.all([client.getChainId(), client.getBlockNumber()])
    const blockNumber = parameters.blockNumber ?? latest - BigInt(confirmations - 1)
    if (blockNumber < 0n) throw new Error(`the chain has ${latest + 1n} blocks, fewer than ${confirmations} confirmations`)
    if (blockNumber > latest) throw new Error(`block ${blockNumber} is beyond the chain's latest, ${latest}`)
    const root = (await client.readContract({ address: parameters.contract, abi: veritySettlementAbi, functionName: 'rootOf', args: [BigInt(parameters.shard)], blockNumber } as never)) as Hex
    return { chainId, blockNumber, root, latestBlock: latest }
  } catch (error) {
    throw new EvmUnavailableError({ rpcUrl: parameters.rpcUrl, reason: (error as Error).message.split('\n')[0]! }, { cause: error })
  }
}
