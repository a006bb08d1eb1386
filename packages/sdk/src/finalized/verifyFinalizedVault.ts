// Checks a domain's finalized-vault answer (GET /vaults/{owner_id}/finalized on a domain settling
// on an EVM chain) against the state root the caller read from the VeritySettlement contract
// itself (@verity/settlement-evm readFinalizedRoot): every slot's key is recomputed from the
// vault's address, and its Merkle path must lead to that root. The domain is not trusted.
import { formatAddress, NATIVE_TOKEN_ID, type HashDigest } from '@verity/core'
import { finalizedSlotKey, limits, slotKeys } from '@verity/ledger'
import { FIELD_MODULUS, fieldHex, loadPoseidon2, type Poseidon2 } from '@verity/prover'
import type { EvmFinalizedVault, Static } from '@verity/wire'
import { FinalizedProofError } from './FinalizedProofError.ts'

export type EvmFinalizedVaultAnswer = Static<typeof EvmFinalizedVault>

export type FinalizedVaultView = {
  address: string
  shard: number
  chainId: number
  /** the checked root, 0x + 64 hex */
  root: string
  /** false: none of the vault's slots is in the tree at that root (it was never settled) */
  inFinalizedState: boolean
  nonce: bigint
  /** VaultRole: 0 none, 1 holder, 2 fungible mint, 3 NFT mint */
  role: bigint
  /** a mint's supply (0 for other vaults) */
  supply: bigint
  /** the native token's balance */
  balance: bigint
  /** other fungible tokens with a finalized balance, by token id */
  fungibles: Record<string, bigint>
  /** NFT ids the vault owns, by collection */
  nfts: Record<string, string[]>
}

export type VerifyFinalizedVaultParameters = {
  /** the vault asked for: the answer must be about it */
  ownerId: HashDigest
  /** the shard's root as read from the contract (0x + 64 hex) */
  root: string
}

/**
 * Returns the finalized vault the answer proves, or throws FinalizedProofError when the answer is
 * for another vault or root, or a slot's path does not lead to `root`.
 * @example const view = await verifyFinalizedVault(answer, { ownerId, root: (await readFinalizedRoot({ rpcUrl, contract, shard })).root })
 */
export async function verifyFinalizedVault(answer: EvmFinalizedVaultAnswer, parameters: VerifyFinalizedVaultParameters): Promise<FinalizedVaultView> {
  const fail = (reason: string): never => {
    throw new FinalizedProofError({ reason })
  }
  if (answer.owner_id !== parameters.ownerId) fail(`the answer is about ${answer.owner_id}, not ${parameters.ownerId}`)
  const address = formatAddress(parameters.ownerId, answer.shard)
  if (answer.address !== address) fail(`the answer's address ${answer.address} is not ${address}`)
  const root = parameters.root.toLowerCase()
  if (answer.root.toLowerCase() !== root) fail(`the answer is for root ${answer.root}, the chain holds ${root}`)
  if (answer.slots.length > limits.FINALIZED_VAULT_SLOTS_MAX) fail(`${answer.slots.length} slots, more than FINALIZED_VAULT_SLOTS_MAX (${limits.FINALIZED_VAULT_SLOTS_MAX})`)
  const poseidon = await loadPoseidon2()
  const seen = new Set<string>()
  const view: FinalizedVaultView = { address, shard: answer.shard, chainId: answer.chain_id, root, inFinalizedState: answer.slots.length > 0, nonce: 0n, role: 0n, supply: 0n, balance: 0n, fungibles: {}, nfts: {} }
  for (const [position, slot] of answer.slots.entries()) {
    const name = `${slot.kind}:${slot.token ?? ''}:${slot.nft_id ?? ''}`
    if (seen.has(name)) fail(`slot ${position} (${name}) is listed twice`)
    seen.add(name)
    let key: bigint
    try {
      key = finalizedSlotKey(slot, address)
    } catch (error) {
      return fail(`slot ${position}: ${(error as Error).message}`)
    }
    const value = BigInt(slot.value)
    if (value >= FIELD_MODULUS) fail(`slot ${position}: its value is not a field element`)
    if (!Number.isSafeInteger(slot.index) || slot.index < 0 || slot.index >= limits.STATE_SLOTS_MAX) fail(`slot ${position}: index ${slot.index} is not a slot of a ${limits.STATE_TREE_DEPTH}-deep tree`)
    if (fieldHex(rootOfPath(poseidon, key, value, slot.index, slot.siblings.map(BigInt))) !== root)
      fail(`slot ${position} (${slot.kind}${slot.token === undefined ? '' : ` ${slot.token}`}): its path does not lead to the chain's root`)
    addToView(view, slot, value, slotKeys.owner(address))
  }
  return view
}

/** Hashes a leaf H(key, value) up its path: at each level the index's bit says which side the node is on. */
function rootOfPath(poseidon: Poseidon2, key: bigint, value: bigint, index: number, siblings: readonly bigint[]): bigint {
  if (siblings.length !== limits.STATE_TREE_DEPTH) throw new FinalizedProofError({ reason: `a path has ${siblings.length} siblings, the tree is ${limits.STATE_TREE_DEPTH} deep` })
  if (siblings.some((sibling) => sibling >= FIELD_MODULUS)) throw new FinalizedProofError({ reason: 'a sibling hash is not a field element' })
  let node = poseidon.hash([key, value])
  for (let level = 0; level < siblings.length; level++) {
    const isRight = Math.floor(index / 2 ** level) % 2 === 1
    node = isRight ? poseidon.hash([siblings[level]!, node]) : poseidon.hash([node, siblings[level]!])
  }
  return node
}

function addToView(view: FinalizedVaultView, slot: EvmFinalizedVaultAnswer['slots'][number], value: bigint, ownerKey: bigint): void {
  switch (slot.kind) {
    case 'nonce':
      view.nonce = value
      return
    case 'role':
      view.role = value
      return
    case 'supply':
      view.supply = value
      return
    case 'balance':
      if (slot.token === NATIVE_TOKEN_ID) view.balance = value
      else if (value > 0n) view.fungibles[slot.token!] = value
      return
    case 'nft':
      // The slot holds the owner's key: proven here, and held only when it is this vault's.
      if (value === ownerKey) (view.nfts[slot.token!] ??= []).push(slot.nft_id!)
  }
}
