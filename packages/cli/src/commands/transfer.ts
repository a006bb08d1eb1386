import { NATIVE_TOKEN_ID } from '@verity/core'
import { signVerifiable, type AllowanceAmount } from '@verity/ledger'
import type { Command } from '../Command.ts'
import { parseAmount, parseNftIds } from '../parseAmount.ts'
import { UsageError } from '../UsageError.ts'
import { SIGNED, checkAddress, signing } from './domainSigning.ts'

export const transferCommand: Command = {
  path: ['transfer'],
  summary: 'sign and execute a debit allowance: send --amount of --token (or --nfts) to --to',
  usage: 'verity transfer --key FILE --to ADDRESS (--token TOKEN_ID|native --amount N | --token COLLECTION --nfts 1,2) [--shard 1]',
  optionHelp: {
    to: 'address credited, "<owner_id>,<shard>"',
    token: "token id (its mint vault's address), or native (default)",
    amount: 'amount to send (whole number)',
    nfts: 'NFT ids to send, e.g. 1,2,5',
  },
  options: { ...SIGNED, to: { type: 'string' }, token: { type: 'string' }, amount: { type: 'string' }, nfts: { type: 'string' } },
  async run(context) {
    const { values, out } = context
    if (typeof values.to !== 'string') throw new UsageError('--to ADDRESS is required')
    const { signer, shard, client } = signing(context)
    const token = typeof values.token === 'string' ? values.token : NATIVE_TOKEN_ID
    if (token !== NATIVE_TOKEN_ID) checkAddress(token)
    if ((values.amount === undefined) === (values.nfts === undefined)) throw new UsageError('give exactly one of --amount and --nfts')
    const allowance: AllowanceAmount =
      values.nfts !== undefined ? { NonFungible: parseNftIds(values.nfts, '--nfts') } : { Fungible: parseAmount(values.amount, '--amount') }
    const nonce = await client.nextNonce(signer.ownerId)
    const credited = checkAddress(values.to)
    await client.execute([signVerifiable(signer, 'DebitAllowance', { new_nonce: nonce, debited_shard: shard, credited, allowances: { [token]: allowance } })])
    out.result(`sent ${describe(allowance)} of ${token} to ${credited}`, { token, allowance, credited, nonce })
    return 0
  },
}

function describe(allowance: AllowanceAmount): string {
  return 'Fungible' in allowance ? String(allowance.Fungible) : `NFTs ${allowance.NonFungible.join(',')}`
}
