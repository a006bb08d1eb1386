// The finalized view of a vault on a domain settling on an EVM chain: the vault's slots in the
// shard's state tree as of the root the VeritySettlement contract holds, each with its Merkle path,
// so a client checks them against the root it reads from the chain itself (docs/settlement-evm.md).
import { formatAddress, NATIVE_TOKEN_ID } from '@verity/core'
import { finalizedSlotKey, limits } from '@verity/ledger'
import { fieldHex } from '@verity/prover'
import { readFinalizedRoot } from '@verity/settlement-evm'
import type { Static } from '@verity/wire'
import type { EvmFinalizedVault, FinalizedSlot } from '@verity/wire'
import type { Address } from 'viem'
import { BaseLayerUnavailableError } from '@verity/base-layer'
import type { DomainStore } from '../store/DomainStore.ts'
import { VaultNotFoundError } from '../errors/domainErrors.ts'
import { FinalizedStateTree, type FinalizedTreeState } from './FinalizedStateTree.ts'

type Slot = Static<typeof FinalizedSlot>
type SlotName = Pick<Slot, 'kind' | 'token' | 'nft_id'>

export type EvmFinalizedVaultsOptions = {
  store: Pick<DomainStore, 'listSdls' | 'getSdl'>
  shard: number
  rpcUrl: string
  chainId: number
  contract: string
  /** blocks (the one read included) before a root counts as final: the domain's `confirmations` */
  confirmations: number
  /** the vault's local view (VaultNotFoundError when the domain never saw it): which tokens and NFTs to prove */
  localVault(ownerId: string): Promise<unknown>
}

export class EvmFinalizedVaults {
  readonly #tree: FinalizedStateTree

  constructor(private readonly options: EvmFinalizedVaultsOptions) {
    this.#tree = new FinalizedStateTree(options.store)
  }

  /** The vault's slots at the chain's root; none when it is not in the finalized state. Throws BaseLayerUnavailableError (503) when the chain cannot be read. */
  async finalizedVault(ownerId: string): Promise<Static<typeof EvmFinalizedVault>> {
    const { rpcUrl, contract, shard, confirmations } = this.options
    const chain = await readFinalizedRoot({ rpcUrl, contract: contract as Address, shard, confirmations }).catch((error: unknown) => {
      throw new BaseLayerUnavailableError({ reason: `the chain cannot be read: ${(error as Error).message}` })
    })
    if (chain.chainId !== this.options.chainId) throw new BaseLayerUnavailableError({ reason: `the node at the settlement rpc_url is chain ${chain.chainId}, not ${this.options.chainId}` })
    const localVault = await this.options.localVault(ownerId).catch((error: unknown) => {
      if (error instanceof VaultNotFoundError) return null
      throw error
    })
    const address = formatAddress(ownerId, shard)
    const names = slotNamesOf(localVault).slice(0, limits.FINALIZED_VAULT_SLOTS_MAX)
    const proven = await this.#tree.readAt(chain.root, (state) => ({ sdl: state.sdl, slots: slotsOf(state, names, address) }))
    if (proven === null) throw new BaseLayerUnavailableError({ reason: `the contract's root ${chain.root} for shard ${shard} is the root of none of this domain's SDLs` })
    const { sdl, slots } = proven
    return {
      settlement: 'evm',
      chain_id: chain.chainId,
      contract,
      shard,
      owner_id: ownerId,
      address,
      root: chain.root.toLowerCase(),
      block_number: chain.blockNumber.toString(),
      sdl,
      slots,
    }
  }
}

/** The named slots the tree has, each with its value and Merkle path (a slot not in the tree yet is left out). */
function slotsOf(state: FinalizedTreeState, names: readonly SlotName[], address: string): Slot[] {
  const slots: Slot[] = []
  for (const name of names) {
    const index = state.tree.directory.indexOf(finalizedSlotKey(name, address))
    if (index === undefined) continue
    slots.push({ ...name, index, value: state.tree.valueAt(index).toString(), siblings: state.tree.path(index).map(fieldHex) })
  }
  return slots
}

/** The slots a vault may have: nonce, role, supply, the native balance, and per token or NFT of its local view. */
function slotNamesOf(localVault: unknown): SlotName[] {
  const names: SlotName[] = [{ kind: 'nonce' }, { kind: 'role' }, { kind: 'supply' }, { kind: 'balance', token: NATIVE_TOKEN_ID }]
  const holdings = (localVault as { data?: { TokenHoldings?: { fungibles?: Record<string, unknown>; nfts?: Record<string, unknown[]> } } } | null)?.data?.TokenHoldings
  for (const token of Object.keys(holdings?.fungibles ?? {}).sort()) if (token !== NATIVE_TOKEN_ID) names.push({ kind: 'balance', token })
  for (const [collection, ids] of Object.entries(holdings?.nfts ?? {}).sort(([a], [b]) => (a < b ? -1 : 1)))
    for (const id of ids) names.push({ kind: 'nft', token: collection, nft_id: String(id) })
  return names
}
