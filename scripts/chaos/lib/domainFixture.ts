// A domain for the scenarios: its domain.yaml in a temp dir (embedded base layer unless an
// rpc_url is given), a token minted to a ring of funded writers, and their signed transfers.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ed25519Signer, formatAddress } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import type { ServiceClient } from './ServiceClient.ts'

export type DomainYamlOptions = {
  shard: number
  port: number
  rpcUrl?: string
  databaseUrl?: string
  dataDir?: string
  operator?: Ed25519Signer
  /** `mandates.trusted_extractor_keys`: the extractors mandate payments may rest on */
  trustedExtractorKeys?: readonly string[]
}

/** Writes `dir/domain.yaml` (and the operator key when given) and returns the YAML's path. */
export function writeDomainYaml(dir: string, options: DomainYamlOptions): string {
  const keyPath = join(dir, 'operator_key.json')
  if (options.operator !== undefined) options.operator.toKeyFile(keyPath)
  const lines = [
    `shard: ${options.shard}`,
    `keypair: ${keyPath}`,
    ...(options.rpcUrl === undefined ? [] : [`rpc_url: ${options.rpcUrl}`]),
    ...(options.databaseUrl === undefined ? [] : [`database_url: ${options.databaseUrl}`]),
    `data_dir: ${options.dataDir ?? join(dir, 'data')}`,
    'app:',
    `  api_port: ${options.port}`,
    '  api_host: 127.0.0.1',
    ...(options.trustedExtractorKeys === undefined ? [] : ['mandates:', `  trusted_extractor_keys: [${options.trustedExtractorKeys.join(', ')}]`]),
    '',
  ]
  const path = join(dir, 'domain.yaml')
  writeFileSync(path, lines.join('\n'))
  return path
}

export type Writer = { signer: Ed25519Signer; address: string }

export type TransferRing = {
  shard: number
  token: string
  writers: readonly Writer[]
  amountEach: bigint
  /** A signed transfer of `amount` from writer i to writer i+1 (mod the ring) with `nonce`, as JSON for a batch. */
  transfer(writerIndex: number, nonce: bigint, amount?: bigint): unknown
}

/** Mints a new token to `count` new writers (`amountEach` each) with one signed batch; the ring's transfers go writer i → i+1. */
export async function fundTransferRing(client: ServiceClient, shard: number, count: number, amountEach: bigint): Promise<TransferRing> {
  const mintKey = Ed25519Signer.generate()
  const token = formatAddress(mintKey.ownerId, shard)
  const writers = Array.from({ length: count }, () => {
    const signer = Ed25519Signer.generate()
    return { signer, address: formatAddress(signer.ownerId, shard) }
  })
  const credited = writers.map((writer) => ({ address: writer.address, amount: amountEach }))
  const mint = signVerifiable(mintKey, 'FungibleTokenMint', { new_nonce: 1n, shard, operation: { Create: { metadata: { name: 'Chaos', symbol: 'CHS' }, credited } } })
  await client.postOk('/intents/execute', [jsonValue(mint)])
  return {
    shard,
    token,
    writers,
    amountEach,
    transfer(writerIndex, nonce, amount = 1n) {
      const signed = signVerifiable(writers[writerIndex]!.signer, 'DebitAllowance', {
        new_nonce: nonce,
        debited_shard: shard,
        credited: writers[(writerIndex + 1) % count]!.address,
        allowances: { [token]: { Fungible: amount } },
      })
      return jsonValue(signed)
    },
  }
}

/** The writer's balance of the ring's token on the domain (0 for a vault never credited). */
export async function readRingBalance(client: ServiceClient, ring: TransferRing, writerIndex: number): Promise<bigint> {
  const reply = await client.get(`/vaults/${ring.writers[writerIndex]!.signer.ownerId}`)
  if (reply.status === 404) return 0n
  if (reply.status !== 200) throw new Error(`GET /vaults answered ${reply.status}: ${reply.text.slice(0, 300)}`)
  return BigInt(reply.json.data.TokenHoldings.fungibles[ring.token] ?? 0)
}

/** The next nonce of the writer's vault. */
export async function readNextNonce(client: ServiceClient, ring: TransferRing, writerIndex: number): Promise<bigint> {
  return BigInt(await client.getOk(`/vaults/${ring.writers[writerIndex]!.signer.ownerId}/nonce`))
}
