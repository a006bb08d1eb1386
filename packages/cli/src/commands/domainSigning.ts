import { clientToken } from '../clientToken.ts'
import { existsSync } from 'node:fs'
import { formatAddress, parseAddress } from '@verity/core'
import type { CommandContext } from '../Command.ts'
import { DOMAIN_OPTION, domainUrl } from '../endpoints.ts'
import { parseShard } from '../parseShard.ts'
import { UsageError } from '../UsageError.ts'
import { DomainClient, loadSigner } from '@verity/sdk'

// What the domain commands share: the signing flags, the signer with its shard and client, and
// reading addresses and owner ids from the command line.

/** Flags of every command that signs a domain message. */
export const SIGNED = { ...DOMAIN_OPTION, key: { type: 'string', short: 'k' }, shard: { type: 'string', short: 's' } } as const

/** The --key signer, the --shard (default 1) and a client of the --domain. */
export function signing({ values }: CommandContext) {
  if (typeof values.key !== 'string') throw new UsageError('--key FILE is required')
  return { signer: loadSigner(values.key), shard: parseShard(values.shard, 1), client: new DomainClient(domainUrl(values), { token: clientToken() }) }
}

/** Checks an address flag and returns it in canonical form. */
export function checkAddress(text: string): string {
  const { ownerId, shard } = parseAddress(text)
  return formatAddress(ownerId, shard)
}

/** An owner id given as itself or as a key file. */
export function ownerIdOf(target: string): string {
  return existsSync(target) ? loadSigner(target).ownerId : target
}
