// `verity vault show --finalized`: the vault as its settlement target finalized it. On a domain
// settling on an EVM chain, the domain's answer (the vault's slots with Merkle paths) is checked
// against the root this command reads from the VeritySettlement contract itself, once the
// contract's code is checked to be this version's VeritySettlement; on the base
// layer, the base layer's settled view as before.
import { formatAddress, stringifyJsonBigint, type HashDigest } from '@verity/core'
import { jsonValue } from '@verity/ledger'
import { ApiError, assertPinnedContract, DomainClient, ServiceUnreachableError, verifyFinalizedVault, type EvmFinalizedVaultAnswer, type FinalizedVaultView } from '@verity/sdk'
import type { CommandContext } from '../Command.ts'
import { UsageError } from '../UsageError.ts'
import { clientToken } from '../clientToken.ts'
import { baseLayerUrl, domainUrl } from '../endpoints.ts'
import { evmRpcUrl, pinnedEvmContract } from '../evmRpcUrl.ts'
import { parseShard } from '../parseShard.ts'

export async function showFinalizedVault(ownerId: HashDigest, { values, out }: Pick<CommandContext, 'values' | 'out'>): Promise<number> {
  // A malformed pin is a usage error before anything is asked.
  const pinned = pinnedEvmContract(values)
  const domain = new DomainClient(domainUrl(values), { token: clientToken() })
  const answer = await domain.getFinalizedVault(ownerId).catch((error: unknown) => {
    // No domain to ask (or one from before this route): the base layer's view, as before.
    if (error instanceof ServiceUnreachableError || (error instanceof ApiError && error.status === 404)) {
      out.info(`the domain at ${domainUrl(values)} did not answer for the finalized view (${(error as Error).message}); asking the base layer`)
      return { settlement: 'base_layer' as const }
    }
    throw error
  })
  if (answer.settlement === 'base_layer') return showBaseLayerVault(ownerId, values, out)
  return showEvmVault(ownerId, answer, pinned, values, out)
}

async function showBaseLayerVault(ownerId: HashDigest, values: CommandContext['values'], out: CommandContext['out']): Promise<number> {
  const { HttpBaseLayerClient } = await import('@verity/base-layer/client')
  const vault = await new HttpBaseLayerClient(baseLayerUrl(values)).getVault(formatAddress(ownerId, parseShard(values.shard, 1)))
  if (vault === null || vault === undefined) {
    out.result(`${ownerId} is not in the finalized state on the base layer (no SDL crediting it has settled yet)`, { owner_id: ownerId, finalized: true, settlement: 'base_layer', vault: null })
    return 0
  }
  const json = JSON.parse(stringifyJsonBigint(jsonValue(vault))) as unknown
  out.result(`finalized view of ${ownerId} (base layer):\n${JSON.stringify(json, null, 2)}`, { owner_id: ownerId, finalized: true, settlement: 'base_layer', vault: json })
  return 0
}

async function showEvmVault(ownerId: HashDigest, answer: EvmFinalizedVaultAnswer, pinned: string | undefined, values: CommandContext['values'], out: CommandContext['out']): Promise<number> {
  assertPinnedContract(answer, pinned)
  const { readFinalizedRoot } = await import('@verity/settlement-evm')
  const rpcUrl = await evmRpcUrl(values, { chainId: answer.chain_id, contract: answer.contract })
  // The root is read here, from the contract, at the block the domain says it answered for: the
  // proof is checked against the chain, never against the domain's word. readFinalizedRoot first
  // checks the contract, the domain's word too: this version's VeritySettlement, its SDL verifier.
  const chain = await readFinalizedRoot({ rpcUrl, contract: answer.contract as `0x${string}`, shard: answer.shard, blockNumber: BigInt(answer.block_number) })
  if (chain.chainId !== answer.chain_id) throw new UsageError(`the node at ${rpcUrl} is chain ${chain.chainId}; the domain settles on chain ${answer.chain_id} (pass its JSON-RPC URL with --rpc)`)
  const view = await verifyFinalizedVault(answer, { ownerId, root: chain.root })
  return printEvmVault(ownerId, view, chain, answer, out)
}

function printEvmVault(ownerId: HashDigest, view: FinalizedVaultView, chain: { blockNumber: bigint; latestBlock: bigint }, answer: EvmFinalizedVaultAnswer, out: CommandContext['out']): number {
  const where = `finalized on chain ${view.chainId} at block ${chain.blockNumber}, proof checked`
  const data = { owner_id: ownerId, finalized: true, settlement: 'evm', chain_id: view.chainId, contract: answer.contract, block_number: chain.blockNumber, latest_block: chain.latestBlock, root: view.root, sdl: answer.sdl, proof_checked: true }
  if (!view.inFinalizedState) {
    out.result(`${ownerId} is not in the finalized state of shard ${view.shard} (the chain's root ${view.root} holds none of its slots; ${answer.sdl === null ? 'no SDL has settled yet' : `last settled SDL ${answer.sdl.hash}, #${answer.sdl.sequence}`}); ${where}`, { ...data, vault: null })
    return 0
  }
  const vault = { address: view.address, nonce: view.nonce, role: view.role, balance: view.balance, fungibles: view.fungibles, nfts: view.nfts, ...(view.supply > 0n ? { supply: view.supply } : {}) }
  const json = JSON.parse(stringifyJsonBigint(vault)) as unknown
  out.result(`${where}\nfinalized view of ${ownerId}:\n${JSON.stringify(json, null, 2)}`, { ...data, vault: json })
  return 0
}
