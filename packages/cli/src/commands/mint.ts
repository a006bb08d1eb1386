import { formatAddress } from '@verity/core'
import { signVerifiable } from '@verity/ledger'
import type { Command } from '../Command.ts'
import { parseAmount } from '../parseAmount.ts'
import { UsageError } from '../UsageError.ts'
import { refuseUsedIssuer } from '../IssuerKeyUsedError.ts'
import { SIGNED, checkAddress, signing } from './domainSigning.ts'

export const mintCommand: Command = {
  path: ['mint'],
  summary: 'mint a fungible token from the key\'s mint vault (creates it on first use; token id = its address)',
  usage: 'verity mint --key FILE --amount N [--to ADDRESS] [--name NAME --symbol SYM] [--shard 1]',
  optionHelp: {
    amount: 'amount to mint (whole number, 1 … 2^64-1)',
    to: "address credited (default: the key's own address)",
    name: 'token name (first mint only)',
    symbol: 'token symbol (first mint only)',
  },
  options: { ...SIGNED, amount: { type: 'string' }, to: { type: 'string' }, name: { type: 'string' }, symbol: { type: 'string' } },
  async run(context) {
    const { values, out } = context
    const amount = parseAmount(values.amount, '--amount')
    const { signer, shard, client } = signing(context)
    const to = typeof values.to === 'string' ? checkAddress(values.to) : formatAddress(signer.ownerId, shard)
    const vault = await client.getVault(signer.ownerId)
    refuseUsedIssuer(vault, values.key as string, signer.ownerId, 'fungible')
    const exists = hasData(vault, 'FungibleTokenMint')
    if (!exists && (typeof values.name !== 'string' || typeof values.symbol !== 'string'))
      throw new UsageError('a new token needs --name and --symbol')
    const credited = [{ address: to, amount }]
    const operation = exists
      ? { IncreaseSupply: { credited } }
      : { Create: { metadata: { name: values.name as string, symbol: values.symbol as string }, credited } }
    const nonce = await client.nextNonce(signer.ownerId)
    await client.execute([signVerifiable(signer, 'FungibleTokenMint', { new_nonce: nonce, shard, operation })])
    const tokenId = formatAddress(signer.ownerId, shard)
    out.result(`minted ${amount} of token ${tokenId} to ${to}`, { token_id: tokenId, amount, credited: to, nonce })
    return 0
  },
}

function hasData(vault: { data?: unknown } | null, kind: string): boolean {
  return vault !== null && typeof vault.data === 'object' && vault.data !== null && kind in vault.data
}
