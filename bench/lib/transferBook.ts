// Funded senders of a benchmark domain and the signed transfers between them. It keeps each
// sender's next nonce, so transfers can be signed ahead of a timed run, phase after phase.
import { Ed25519Signer, formatAddress, stringifyJsonBigint } from '@verity/core'
import { jsonValue, limits, signVerifiable } from '@verity/ledger'
import { BENCH_SHARD } from './benchSettings.ts'
import type { HttpClient } from './httpClient.ts'

/** A signed verifiable as JSON text, ready to be joined into a batch body. */
export type SignedJson = string

export type SignedTransfer = { sender: number; nonce: bigint; json: SignedJson }

export type TransferBook = {
  readonly senders: readonly Ed25519Signer[]
  readonly token: string
  /**
   * Signs `count` transfers of 1 unit, sender i mod S to sender i+1 mod S, each with the sender's
   * next nonce; returned in signing order, which is each sender's nonce order.
   */
  signTransfers(count: number): SignedTransfer[]
  /** Forgets transfers that were signed but never sent, so the next ones reuse their nonces. */
  rewind(unsent: readonly SignedTransfer[]): void
}

export const asBatchBody = (items: readonly SignedJson[]): string => `[${items.join(',')}]`

/**
 * Creates `senderCount` vaults holding `amountEach` of a new fungible token: one mint key,
 * Create then IncreaseSupply operations of MINT_CREDITS_MAX credits each, sent in batches.
 */
export async function fundSenders(client: HttpClient, senderCount: number, amountEach: bigint): Promise<TransferBook> {
  const mintKey = Ed25519Signer.generate()
  const token = formatAddress(mintKey.ownerId, BENCH_SHARD)
  const senders = Array.from({ length: senderCount }, () => Ed25519Signer.generate())
  const addresses = senders.map((sender) => formatAddress(sender.ownerId, BENCH_SHARD))
  const mints: SignedJson[] = []
  for (let start = 0; start < senderCount; start += limits.MINT_CREDITS_MAX) {
    const credited = addresses.slice(start, start + limits.MINT_CREDITS_MAX).map((address) => ({ address, amount: amountEach }))
    const operation = start === 0 ? { Create: { metadata: { name: 'Bench', symbol: 'BEN' }, credited } } : { IncreaseSupply: { credited } }
    const newNonce = BigInt(mints.length + 1)
    mints.push(stringifyJsonBigint(jsonValue(signVerifiable(mintKey, 'FungibleTokenMint', { new_nonce: newNonce, shard: BENCH_SHARD, operation }))))
  }
  for (let start = 0; start < mints.length; start += limits.BATCH_LENGTH_MAX) await client.postJson('/intents/execute', asBatchBody(mints.slice(start, start + limits.BATCH_LENGTH_MAX)))

  const nextNonces = senders.map(() => 1n)
  let cursor = 0
  return {
    senders,
    token,
    signTransfers(count) {
      const signed: SignedTransfer[] = []
      for (let i = 0; i < count; i++, cursor++) {
        const sender = cursor % senderCount
        const transfer = signVerifiable(senders[sender]!, 'DebitAllowance', {
          new_nonce: nextNonces[sender]!,
          debited_shard: BENCH_SHARD,
          credited: addresses[(sender + 1) % senderCount]!,
          allowances: { [token]: { Fungible: 1n } },
        })
        signed.push({ sender, nonce: nextNonces[sender]!, json: stringifyJsonBigint(jsonValue(transfer)) })
        nextNonces[sender]! += 1n
      }
      return signed
    },
    rewind(unsent) {
      for (const { sender, nonce } of unsent) if (nonce < nextNonces[sender]!) nextNonces[sender] = nonce
    },
  }
}
