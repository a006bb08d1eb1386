/**
 * Helpers for tests of the ledger and of its users: real signers, real signatures, an in-memory
 * shard. Not used by production code.
 */
import { formatAddress, type Signer } from '@verity/core'
import type { AllowanceAmount, FungibleCredit, NftCredit, SignedVerifiableType, VerifiableType } from '../wire/Verifiable.ts'
import type { FungibleMetadata, NftMetadata } from '../wire/Vault.ts'
import { signVerifiable } from '../laws/signVerifiable.ts'
import { MemoryLedger } from '../execution/MemoryLedger.ts'
import { executeBatch, type BatchResult } from '../execution/executeBatch.ts'

export const TEST_SHARD = 1
export const OTHER_SHARD = 2

export function addressOf(signer: Signer, shard = TEST_SHARD): string {
  return formatAddress(signer.ownerId, shard)
}

export function debit(signer: Signer, nonce: bigint, credited: string, allowances: Record<string, AllowanceAmount>, shard = TEST_SHARD): SignedVerifiableType {
  return signVerifiable(signer, 'DebitAllowance', { new_nonce: nonce, debited_shard: shard, credited, allowances })
}

export function createFungible(signer: Signer, nonce: bigint, credited: FungibleCredit[], metadata: FungibleMetadata = { name: 'Test token', symbol: 'TST' }, shard = TEST_SHARD): SignedVerifiableType {
  return signVerifiable(signer, 'FungibleTokenMint', { new_nonce: nonce, shard, operation: { Create: { metadata, credited } } })
}

export function increaseFungible(signer: Signer, nonce: bigint, credited: FungibleCredit[], shard = TEST_SHARD): SignedVerifiableType {
  return signVerifiable(signer, 'FungibleTokenMint', { new_nonce: nonce, shard, operation: { IncreaseSupply: { credited } } })
}

export function createNfts(signer: Signer, nonce: bigint, credited: NftCredit[], collection: NftMetadata = { name: 'Test collection', description: 'for tests' }, shard = TEST_SHARD): SignedVerifiableType {
  return signVerifiable(signer, 'NftMint', { new_nonce: nonce, shard, operation: { Create: { collection, credited } } })
}

export function increaseNfts(signer: Signer, nonce: bigint, credited: NftCredit[], shard = TEST_SHARD): SignedVerifiableType {
  return signVerifiable(signer, 'NftMint', { new_nonce: nonce, shard, operation: { IncreaseSupply: { credited } } })
}

export function nft(id: bigint, name = `nft ${id}`): { id: bigint; metadata: NftMetadata } {
  return { id, metadata: { name, description: 'test nft', attributes: { uri: `https://example.test/${id}` } } }
}

/** A shard whose genesis gives each address a native balance. */
export function shardWithNative(balances: Record<string, bigint>): MemoryLedger {
  const ledger = new MemoryLedger()
  for (const [address, balance] of Object.entries(balances)) ledger.vaults.set(address, { balance, shard: TEST_SHARD, data: null })
  return ledger
}

/** Executes a batch on `ledger` and commits it. */
export function run(ledger: MemoryLedger, verifiables: VerifiableType[], shard = TEST_SHARD): BatchResult {
  const result = executeBatch(ledger, verifiables, shard)
  ledger.commit(result)
  return result
}
