import { existsSync } from 'node:fs'
import { Ed25519Signer, SoftwarePasskey, formatAddress, parseAddress } from '@verity/core'
import type { Command } from '../Command.ts'
import { UsageError } from '../UsageError.ts'
import { loadSigner } from '@verity/sdk'
import { parseShard } from '../parseShard.ts'

export const keygenCommand: Command = {
  path: ['keygen'],
  summary: 'create a key file (Ed25519, or a software P-256 passkey with --passkey) and print its public key and owner id',
  usage: 'verity keygen --out FILE [--passkey] [--force]',
  optionHelp: {
    out: 'key file to write',
    passkey: 'make a software P-256 passkey instead of an Ed25519 key',
    force: 'overwrite an existing file',
  },
  options: { out: { type: 'string', short: 'o' }, passkey: { type: 'boolean' }, force: { type: 'boolean' } },
  async run({ values, out }) {
    const path = values.out
    if (typeof path !== 'string') throw new UsageError('--out FILE is required')
    if (existsSync(path) && values.force !== true) throw new UsageError(`${path} exists; pass --force to overwrite it`)
    const signer = values.passkey === true ? SoftwarePasskey.generate() : Ed25519Signer.generate()
    signer.toKeyFile(path)
    const scheme = signer instanceof SoftwarePasskey ? 'passkey' : 'ed25519'
    out.result(`${scheme} key written to ${path}\npublic key: ${signer.publicKeyBase58}   (name the agent with it: --agent)\nowner id: ${signer.ownerId}   (its vaults' address)`, { path, scheme, owner_id: signer.ownerId, pub_key: signer.publicKeyBase58 })
    return 0
  },
}

export const ownerIdCommand: Command = {
  path: ['owner-id'],
  summary: 'print the owner id of a key file (its public key on stderr)',
  usage: 'verity owner-id KEYFILE',
  positionals: [1, 1],
  async run({ positionals, out }) {
    const signer = loadSigner(positionals[0]!)
    out.info(`public key: ${signer.publicKeyBase58}`)
    out.result(signer.ownerId, { owner_id: signer.ownerId, pub_key: signer.publicKeyBase58 })
    return 0
  },
}

export const addressCommand: Command = {
  path: ['address'],
  summary: 'print the address "<owner_id>,<shard>" of a key file (or an owner id) on a shard',
  usage: 'verity address (KEYFILE | OWNER_ID) --shard N',
  options: { shard: { type: 'string', short: 's' } },
  positionals: [1, 1],
  async run({ positionals, values, out }) {
    const shard = parseShard(values.shard)
    const target = positionals[0]!
    const signer = existsSync(target) ? loadSigner(target) : undefined
    const ownerId = signer?.ownerId ?? parseAddress(`${target},${shard}`).ownerId
    const address = formatAddress(ownerId, shard)
    // stdout is the address alone (USD=$(verity address …)); the key beside its owner id goes to stderr.
    if (signer !== undefined) out.info(`public key: ${signer.publicKeyBase58}, owner id: ${ownerId}`)
    out.result(address, { address, owner_id: ownerId, shard, ...(signer === undefined ? {} : { pub_key: signer.publicKeyBase58 }) })
    return 0
  },
}
