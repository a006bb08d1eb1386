import type { Address } from '../wire/Vault.ts'
import { slotKeys } from './sdlSlotOps.ts'

/** A vault's slot as a finalized-vault inclusion proof names it (wire FinalizedSlot). */
export type FinalizedSlotName = { kind: 'nonce' | 'role' | 'supply' | 'balance' | 'nft'; token?: string; nft_id?: string }

/**
 * The state tree key of a named slot of the vault at `address`: the domain proves the slot under
 * this key and a client recomputes it, so a slot of another vault cannot pass for this one's.
 * `balance` needs `token`; `nft` needs `token` (the collection) and `nft_id`.
 */
export function finalizedSlotKey(name: FinalizedSlotName, address: Address): bigint {
  const need = (value: string | undefined, what: string): string => {
    if (value === undefined) throw new TypeError(`a "${name.kind}" slot needs its ${what}`)
    return value
  }
  switch (name.kind) {
    case 'nonce':
      return slotKeys.nonce(address)
    case 'role':
      return slotKeys.role(address)
    case 'supply':
      return slotKeys.supply(address)
    case 'balance':
      return slotKeys.balance(address, need(name.token, 'token'))
    case 'nft':
      return slotKeys.nftOwner(need(name.token, 'token (the collection)'), need(name.nft_id, 'nft_id'))
  }
}
