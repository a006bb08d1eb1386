// The finalized view of a vault for get_vault (issue 37): what the domain's settlement finalized,
// the way `verity vault show --finalized` reads it. The domain says where it settles
// (GET /vaults/{owner_id}/finalized). On the base layer, the base layer's settled vault. On an EVM
// chain, the domain's answer (the vault's slots with Merkle paths) is checked with the SDK's
// verifyFinalizedVault against the root read here from the VeritySettlement contract itself, at
// the block the domain answered for, once the contract's code is checked to be this version's
// VeritySettlement: the proof is checked against the chain, never the domain's word.
import { formatAddress, type HashDigest } from '@verity/core'
import { jsonValue } from '@verity/ledger'
import { ApiError, assertPinnedContract, verifyFinalizedVault, type DomainClient, type EvmFinalizedVaultAnswer } from '@verity/sdk'
import { EvmChainMismatchError } from '../errors/mcpErrors.ts'

export type FinalizedViewSources = {
  domain: DomainClient
  /** JSON-RPC URL of the chain an EVM-settled domain settles on (`--rpc`). */
  evmRpcUrl: string
  /** The base layer's JSON-RPC URL (`--base-layer`). */
  baseLayerUrl: string
  /** The VeritySettlement contract the user pinned (`--contract`): an answer naming another is refused. */
  evmContract?: string
}

export type FinalizedView =
  | { settlement: 'base_layer'; vault: unknown }
  | {
      settlement: 'evm'
      chain_id: number
      contract: string
      block_number: string
      root: string
      proof_checked: true
      in_finalized_state: boolean
      sdl: { hash: string; sequence: number } | null
      vault: unknown
    }

/** The finalized view of `ownerId`'s vault on `shard`; throws FinalizedProofError when the domain's proof does not lead to the chain's root. */
export async function readFinalizedView(sources: FinalizedViewSources, ownerId: HashDigest, shard: number): Promise<FinalizedView> {
  const answer = await sources.domain.getFinalizedVault(ownerId).catch((error: unknown) => {
    // A domain from before this route: the base layer's view, as the CLI does.
    if (error instanceof ApiError && error.status === 404) return { settlement: 'base_layer' as const }
    throw error
  })
  if (answer.settlement === 'base_layer') {
    const { HttpBaseLayerClient } = await import('@verity/base-layer/client')
    const vault = await new HttpBaseLayerClient(sources.baseLayerUrl).getVault(formatAddress(ownerId, shard))
    return { settlement: 'base_layer', vault: vault === null || vault === undefined ? null : jsonValue(vault) }
  }
  assertPinnedContract(answer, sources.evmContract)
  return readEvmView(sources.evmRpcUrl, ownerId, answer)
}

async function readEvmView(rpcUrl: string, ownerId: HashDigest, answer: EvmFinalizedVaultAnswer): Promise<FinalizedView> {
  // Loaded here: viem is needed by this view only.
  // readFinalizedRoot checks the contract first (the domain's word): this version's VeritySettlement.
  const { readFinalizedRoot } = await import('@verity/settlement-evm')
  const chain = await readFinalizedRoot({ rpcUrl, contract: answer.contract as `0x${string}`, shard: answer.shard, blockNumber: BigInt(answer.block_number) })
  if (chain.chainId !== answer.chain_id) throw new EvmChainMismatchError({ rpcUrl, nodeChainId: chain.chainId, domainChainId: answer.chain_id })
  const view = await verifyFinalizedVault(answer, { ownerId, root: chain.root })
  const vault = { address: view.address, nonce: view.nonce, role: view.role, balance: view.balance, fungibles: view.fungibles, nfts: view.nfts, ...(view.supply > 0n ? { supply: view.supply } : {}) }
  return {
    settlement: 'evm',
    chain_id: view.chainId,
    contract: answer.contract,
    block_number: chain.blockNumber.toString(),
    root: view.root,
    proof_checked: true,
    in_finalized_state: view.inFinalizedState,
    sdl: answer.sdl,
    vault: view.inFinalizedState ? vault : null,
  }
}
