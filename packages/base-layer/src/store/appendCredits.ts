import type { BaseLayerTransaction, CreditRecord } from './BaseLayerStore.ts'

/**
 * Appends credits to their shards' queues inside `tx`: each takes the next id of its shard's
 * queue (1-based, gapless) and advances the shard's `creditsQueued`. The same rule on both
 * databases; concurrent settlements crediting one shard stay safe through the store's isolation
 * (SQLite: one writer; PostgreSQL: SERIALIZABLE, the loser runs again and reads the new count).
 * Returns the credits with their ids, in the order given.
 */
export async function appendCredits(tx: BaseLayerTransaction, credits: readonly Omit<CreditRecord, 'id'>[]): Promise<CreditRecord[]> {
  const appended: CreditRecord[] = []
  for (const credit of credits) {
    const shard = await tx.getShard(credit.shard)
    const record: CreditRecord = { ...credit, id: shard.creditsQueued + 1n }
    await tx.putShard({ ...shard, creditsQueued: record.id })
    await tx.putCredit(record)
    appended.push(record)
  }
  return appended
}
