import { formatAddress } from '@verity/core'
import { signVerifiable } from '@verity/ledger'
import type { Command, CommandContext } from '../Command.ts'
import { parseNftIds } from '../parseAmount.ts'
import { UsageError } from '../UsageError.ts'
import { refuseUsedIssuer } from '../IssuerKeyUsedError.ts'
import { SIGNED, checkAddress, signing } from './domainSigning.ts'

export const nftCreateCommand: Command = {
  path: ['nft', 'create'],
  summary: 'create an NFT collection in the key\'s mint vault, minting the first NFTs to --to',
  usage: 'verity nft create --key FILE --name NAME --description TEXT --ids 1,2 [--to ADDRESS] [--uri URI] [--shard 1]',
  options: { ...SIGNED, name: { type: 'string' }, description: { type: 'string' }, ids: { type: 'string' }, to: { type: 'string' }, uri: { type: 'string' } },
  async run(context) {
    const { values, out } = context
    const { signer, shard, client } = signing(context)
    if (typeof values.name !== 'string' || typeof values.description !== 'string') throw new UsageError('--name and --description are required')
    const collection = { name: values.name, description: values.description, ...(typeof values.uri === 'string' ? { attributes: { uri: values.uri } } : {}) }
    refuseUsedIssuer(await client.getVault(signer.ownerId), values.key as string, signer.ownerId, 'nft')
    const credited = nftCredits(values, signer.ownerId, shard, values.name)
    const nonce = await client.nextNonce(signer.ownerId)
    await client.execute([signVerifiable(signer, 'NftMint', { new_nonce: nonce, shard, operation: { Create: { collection, credited } } })])
    const collectionId = formatAddress(signer.ownerId, shard)
    out.result(`created collection ${collectionId}`, { collection_id: collectionId, nonce })
    return 0
  },
}

export const nftMintCommand: Command = {
  path: ['nft', 'mint'],
  summary: 'mint more NFTs of the key\'s collection to --to',
  usage: 'verity nft mint --key FILE --ids 3,4 [--to ADDRESS] [--name NAME] [--shard 1]',
  options: { ...SIGNED, ids: { type: 'string' }, to: { type: 'string' }, name: { type: 'string' } },
  async run(context) {
    const { values, out } = context
    const { signer, shard, client } = signing(context)
    const credited = nftCredits(values, signer.ownerId, shard, typeof values.name === 'string' ? values.name : 'NFT')
    const nonce = await client.nextNonce(signer.ownerId)
    await client.execute([signVerifiable(signer, 'NftMint', { new_nonce: nonce, shard, operation: { IncreaseSupply: { credited } } })])
    out.result(`minted NFTs ${String(values.ids)} of ${formatAddress(signer.ownerId, shard)}`, { collection_id: formatAddress(signer.ownerId, shard), nonce })
    return 0
  },
}

function nftCredits(values: CommandContext['values'], ownerId: string, shard: number, name: string) {
  const ids = parseNftIds(values.ids, '--ids')
  const to = typeof values.to === 'string' ? checkAddress(values.to) : formatAddress(ownerId, shard)
  return [{ address: to, nfts: ids.map((id) => ({ id, metadata: { name: `${name} #${id}`, description: '' } })) }]
}
