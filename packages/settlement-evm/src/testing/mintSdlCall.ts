// For tests: an SDL worth settling, with real proofs for the EVM verifier.
import { Ed25519Signer } from '@verity/core'
import { executeBatch, MemoryLedger, type SdlContent } from '@verity/ledger'
import { proveSdl, sealSdl, StateTree, type CircuitProver, type ProofArtifact } from '@verity/prover'
import { addressOf, createFungible } from '../../../ledger/src/testing/shardFixture.ts'
import type { SettleSdlParameters } from '../client/EvmSettlementClient.ts'
import { sdlSettlementCall } from '../settlement/sdlSettlementCall.ts'

/**
 * SDL 1 of `shard`: a new fungible mint crediting `holders` new vaults `amount` each, sealed on an
 * empty state tree and proven by `prover` (EVM_PROOF_SYSTEM). A mint to 4 holders writes 11 slots,
 * 4 paths a batch proof: 3 batch proofs; to 2, 2. `tree` is the state tree after it.
 */
export async function mintSdlCall(prover: CircuitProver, options: { shard: number; holders: number; amount?: bigint }): Promise<{ content: SdlContent; proofs: ProofArtifact[]; call: SettleSdlParameters; tree: StateTree }> {
  const { shard } = options
  const credited = Array.from({ length: options.holders }, () => ({ address: addressOf(Ed25519Signer.generate(), shard), amount: options.amount ?? 5n }))
  const result = executeBatch(new MemoryLedger(), [createFungible(Ed25519Signer.generate(), 1n, credited, undefined, shard)], shard)
  const tree = await StateTree.create()
  const { content, witness } = sealSdl(tree, { shard, sequence: 1, previous_hash: null, incoming_credits: { from_cursor: 0, to_cursor: 0, credits: [] }, transactions: result.transactions })
  const proofs = await proveSdl(prover, witness)
  return { content, proofs, call: sdlSettlementCall(content, proofs), tree }
}
