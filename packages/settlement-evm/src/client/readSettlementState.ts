// The finalized view of a shard as the VeritySettlement contract holds it (read-only, no key):
// the agreement, the state root, the number of settled SDLs and their hash chain, and for one SDL
// where it settled with how many confirmations, and the SDL it holds half settled, if any. The contract keeps roots, not vault balances.
import { createPublicClient, http, type Address, type Hex } from 'viem'
import { veritySettlementAbi } from '../contracts/veritySettlementAbi.ts'
import { EvmUnavailableError } from '../errors/evmSettlementErrors.ts'

export type SettlementState = {
  shard: number
  operator: Address | null
  operatorOwnerId: Hex | null
  root: Hex
  sdlCount: bigint
  sdlChain: Hex
  latestBlock: bigint
  /** the SDL the shard holds half settled (settling over several transactions), null when none */
  pending: { hash: Hex; nextBatch: bigint } | null
  sdl?: { hash: Hex; settled: false } | { hash: Hex; settled: true; sequence: bigint; blockNumber: bigint; rootAfter: Hex; confirmations: bigint }
}

export async function readSettlementState(parameters: { rpcUrl: string; contract: Address; shard: number; sdlHash?: Hex }): Promise<SettlementState> {
  const client = createPublicClient({ transport: http(parameters.rpcUrl, { retryCount: 0 }) })
  const read = (functionName: string, args: readonly unknown[]) => client.readContract({ address: parameters.contract, abi: veritySettlementAbi, functionName, args } as never) as Promise<any>
  try {
    const shard = BigInt(parameters.shard)
    const [agreement, root, sdlCount, sdlChain, held, latestBlock] = await Promise.all([read('agreementOf', [shard]), read('rootOf', [shard]), read('sdlCount', [shard]), read('sdlChain', [shard]), read('pendingSdlOf', [shard]), client.getBlockNumber()])
    const registered = !/^0x0{40}$/.test(agreement.operator)
    const pending = /^0x0{64}$/.test(held.sdlHash) ? null : { hash: held.sdlHash as Hex, nextBatch: held.nextBatch as bigint }
    const state: SettlementState = { shard: parameters.shard, operator: registered ? agreement.operator : null, operatorOwnerId: registered ? agreement.operatorOwnerId : null, root, sdlCount, sdlChain, latestBlock, pending }
    if (parameters.sdlHash !== undefined) {
      const settled = await read('settledSdl', [parameters.sdlHash])
      state.sdl = settled.blockNumber === 0n
        ? { hash: parameters.sdlHash, settled: false }
        : { hash: parameters.sdlHash, settled: true, sequence: settled.sequence, blockNumber: settled.blockNumber, rootAfter: settled.rootAfter, confirmations: latestBlock - settled.blockNumber + 1n }
    }
    return state
  } catch (error) {
    throw new EvmUnavailableError({ rpcUrl: parameters.rpcUrl, reason: (error as Error).message.split('\n')[0]! }, { cause: error })
  }
}
