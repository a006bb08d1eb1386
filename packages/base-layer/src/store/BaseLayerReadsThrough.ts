import type { HashDigest } from '@verity/core'
import type { Vault } from '@verity/ledger'
import type { AccountRecord, AgreementRecord, BaseLayerReads, CreditRecord, SdlRecord, ShardRecord } from './BaseLayerStore.ts'

/**
 * The reads of a store outside a transaction, defined once for both adapters: each runs through
 * `readWith`, which says where (SQLite: in turn with transactions on its one connection;
 * PostgreSQL: on any pooled connection) and reads committed state only.
 */
export abstract class BaseLayerReadsThrough implements BaseLayerReads {
  protected abstract readWith<T>(read: (reads: BaseLayerReads) => Promise<T>): Promise<T>

  getAccount(ownerId: HashDigest): Promise<AccountRecord | undefined> {
    return this.readWith((reads) => reads.getAccount(ownerId))
  }

  getAgreement(shard: number): Promise<AgreementRecord | undefined> {
    return this.readWith((reads) => reads.getAgreement(shard))
  }

  getShard(shard: number): Promise<ShardRecord> {
    return this.readWith((reads) => reads.getShard(shard))
  }

  getVault(address: string): Promise<Vault | undefined> {
    return this.readWith((reads) => reads.getVault(address))
  }

  getVaults(addresses: readonly string[]): Promise<Map<string, Vault>> {
    return this.readWith((reads) => reads.getVaults(addresses))
  }

  getNextNonce(address: string): Promise<bigint | undefined> {
    return this.readWith((reads) => reads.getNextNonce(address))
  }

  getNextNonces(addresses: readonly string[]): Promise<Map<string, bigint>> {
    return this.readWith((reads) => reads.getNextNonces(addresses))
  }

  listSlotKeys(shard: number): Promise<bigint[]> {
    return this.readWith((reads) => reads.listSlotKeys(shard))
  }

  getSdl(hash: HashDigest): Promise<SdlRecord | undefined> {
    return this.readWith((reads) => reads.getSdl(hash))
  }

  listCredits(shard: number, cursor: bigint, limit: number): Promise<CreditRecord[]> {
    return this.readWith((reads) => reads.listCredits(shard, cursor, limit))
  }

  getSpentMandates(keys: readonly string[]): Promise<Set<string>> {
    return this.readWith((reads) => reads.getSpentMandates(keys))
  }
}
