// The finalized tree follows the root the chain holds: forward through the domain's SDLs, back to
// an earlier root (rebuilt from the start), and null for a root none of the SDLs ends at.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { Ed25519Signer } from '@verity/core'
import { executeBatch, MemoryLedger, type VerifiableType } from '@verity/ledger'
import { sealSdl, StateTree } from '@verity/prover'
import { addressOf, createFungible, debit, TEST_SHARD } from '../../../ledger/src/testing/shardFixture.ts'
import type { SdlRecord, SdlSummary } from '../store/DomainStore.ts'
import { FinalizedStateTree } from './FinalizedStateTree.ts'

/** Two SDLs of one shard (a mint, then a transfer), sealed as the domain seals them, in a store that lists them. */
async function twoSdls() {
  const ledger = new MemoryLedger()
  const tree = await StateTree.create()
  const records: SdlRecord[] = []
  const seal = (verifiables: VerifiableType[]) => {
    const result = executeBatch(ledger, verifiables, TEST_SHARD)
    ledger.commit(result)
    const { content } = sealSdl(tree, { shard: TEST_SHARD, sequence: records.length + 1, previous_hash: records.at(-1)?.hash ?? null, incoming_credits: { from_cursor: 0, to_cursor: 0, credits: [] }, transactions: result.transactions })
    records.push({ hash: `sdl-${records.length + 1}`, seq: records.length + 1, state: 'BaseLayerApplied', content, witness: null, proof: null, guardrailInput: null, createdAtMs: 0, updatedAtMs: 0 })
    return content.root_after
  }
  const issuer = Ed25519Signer.generate()
  const alice = Ed25519Signer.generate()
  const emptyRoot = tree.rootHex
  const rootAfterMint = seal([createFungible(issuer, 1n, [{ address: addressOf(alice), amount: 100n }])])
  const rootAfterTransfer = seal([debit(alice, 1n, addressOf(Ed25519Signer.generate()), { [addressOf(issuer)]: { Fungible: 30n } })])
  const store = {
    listSdls: async (offset: number, limit: number): Promise<SdlSummary[]> => records.slice(offset, offset + limit),
    getSdl: async (hash: string) => records.find((record) => record.hash === hash) ?? null,
  }
  return { store, emptyRoot, rootAfterMint, rootAfterTransfer }
}

test('the finalized tree moves forward and back with the chain\'s root, and knows no other root', async () => {
  const { store, emptyRoot, rootAfterMint, rootAfterTransfer } = await twoSdls()
  const finalized = new FinalizedStateTree(store)
  const sdlAt = (root: string) => finalized.readAt(root, (state) => ({ sdl: state.sdl, root: state.tree.rootHex }))
  assert.deepEqual(await sdlAt(emptyRoot), { sdl: null, root: emptyRoot })
  assert.deepEqual(await sdlAt(rootAfterMint), { sdl: { hash: 'sdl-1', sequence: 1 }, root: rootAfterMint })
  assert.deepEqual(await sdlAt(rootAfterTransfer), { sdl: { hash: 'sdl-2', sequence: 2 }, root: rootAfterTransfer })
  // Back to an earlier root (a chain that reorganized): rebuilt from the start.
  assert.deepEqual(await sdlAt(rootAfterMint), { sdl: { hash: 'sdl-1', sequence: 1 }, root: rootAfterMint })
  assert.equal(await sdlAt(`0x${'12'.repeat(32)}`), null)
  // Concurrent reads each see the tree at their own root.
  const [first, second] = await Promise.all([sdlAt(rootAfterTransfer), sdlAt(rootAfterMint)])
  assert.equal(first?.root, rootAfterTransfer)
  assert.equal(second?.root, rootAfterMint)
})
