import { clientToken } from '../clientToken.ts'
import { formatAddress, stringifyJsonBigint } from '@verity/core'
import { jsonValue } from '@verity/ledger'
import type { Command } from '../Command.ts'
import { BASE_LAYER_OPTION, DOMAIN_OPTION, baseLayerUrl, domainUrl } from '../endpoints.ts'
import { parseShard } from '../parseShard.ts'
import { DomainClient } from '@verity/sdk'
import { ownerIdOf } from './domainSigning.ts'

export const vaultShowCommand: Command = {
  path: ['vault', 'show'],
  summary: 'print a vault: the domain\'s local view, or with --finalized the base layer\'s settled view',
  usage: 'verity vault show (OWNER_ID | KEYFILE) [--shard 1] [--finalized] [--domain URL] [--base-layer URL]',
  optionHelp: {
    finalized: "show the base layer's settled view instead of the domain's local one",
    shard: 'shard of the vault for --finalized (default 1)',
  },
  options: { ...DOMAIN_OPTION, ...BASE_LAYER_OPTION, shard: { type: 'string', short: 's' }, finalized: { type: 'boolean' } },
  positionals: [1, 1],
  async run({ positionals, values, out }) {
    const ownerId = ownerIdOf(positionals[0]!)
    const finalized = values.finalized === true
    const vault = finalized
      ? await new (await import('@verity/base-layer/client')).HttpBaseLayerClient(baseLayerUrl(values)).getVault(formatAddress(ownerId, parseShard(values.shard, 1)))
      : await new DomainClient(domainUrl(values), { token: clientToken() }).getVault(ownerId)
    const where = finalized ? 'the base layer' : 'this domain'
    if (vault === null || vault === undefined) {
      out.result(`no vault for ${ownerId} on ${where}`, { owner_id: ownerId, vault: null })
      return 1
    }
    const json = JSON.parse(stringifyJsonBigint(jsonValue(vault))) as unknown
    out.result(`${finalized ? 'finalized' : 'local'} view of ${ownerId}:\n${JSON.stringify(json, null, 2)}`, { owner_id: ownerId, finalized, vault: json })
    return 0
  },
}

export const nonceCommand: Command = {
  path: ['nonce'],
  summary: 'print the next nonce a vault\'s message must carry',
  usage: 'verity nonce (OWNER_ID | KEYFILE) [--domain URL]',
  options: { ...DOMAIN_OPTION },
  positionals: [1, 1],
  async run({ positionals, values, out }) {
    const ownerId = ownerIdOf(positionals[0]!)
    const nonce = await new DomainClient(domainUrl(values), { token: clientToken() }).nextNonce(ownerId)
    out.result(String(nonce), { owner_id: ownerId, next_nonce: nonce })
    return 0
  },
}
