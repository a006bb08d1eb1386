// verifyFinalizedVault without a chain: answers built from a real state tree (the one the SDL
// circuit commits to), checked against its root, and every way an answer can lie refused.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { Ed25519Signer, formatAddress } from '@verity/core'
import { finalizedSlotKey, slotKeys, type FinalizedSlotName } from '@verity/ledger'
import { FIELD_MODULUS, fieldHex, StateTree } from '@verity/prover'
import { FinalizedProofError } from './FinalizedProofError.ts'
import { verifyFinalizedVault, type EvmFinalizedVaultAnswer } from './verifyFinalizedVault.ts'

const SHARD = 1

async function answerFor() {
  const owner = Ed25519Signer.generate().ownerId
  const address = formatAddress(owner, SHARD)
  const token = formatAddress(Ed25519Signer.generate().ownerId, SHARD)
  const tree = await StateTree.create()
  // Someone else's slot first, so the vault's slots are not at index 0.
  tree.write(0, slotKeys.nonce(formatAddress(Ed25519Signer.generate().ownerId, SHARD)), 4n)
  const named: Array<[FinalizedSlotName, bigint]> = [[{ kind: 'nonce' }, 2n], [{ kind: 'role' }, 1n], [{ kind: 'balance', token }, 70n], [{ kind: 'nft', token, nft_id: '7' }, slotKeys.owner(address)]]
  named.forEach(([name, value], position) => tree.write(position + 1, finalizedSlotKey(name, address), value))
  const slots = named.map(([name], position) => ({ ...name, index: position + 1, value: tree.valueAt(position + 1).toString(), siblings: tree.path(position + 1).map(fieldHex) }))
  const answer: EvmFinalizedVaultAnswer = { settlement: 'evm', chain_id: 31337, contract: `0x${'ab'.repeat(20)}`, shard: SHARD, owner_id: owner, address, root: tree.rootHex, block_number: '9', sdl: null, slots }
  return { answer, owner, token, root: tree.rootHex }
}

test('an answer whose paths lead to the root gives the vault', async () => {
  const { answer, owner, token, root } = await answerFor()
  const view = await verifyFinalizedVault(answer, { ownerId: owner, root })
  assert.equal(view.inFinalizedState, true)
  assert.equal(view.nonce, 2n)
  assert.equal(view.role, 1n)
  assert.deepEqual(view.fungibles, { [token]: 70n })
  assert.deepEqual(view.nfts, { [token]: ['7'] })
  assert.equal((await verifyFinalizedVault({ ...answer, slots: [] }, { ownerId: owner, root })).inFinalizedState, false)
})

test('every lie is refused with FINALIZED_PROOF_INVALID', async () => {
  const { answer, owner, root } = await answerFor()
  const lies: Array<[string, (copy: EvmFinalizedVaultAnswer) => void, RegExp]> = [
    ['another value', (copy) => (copy.slots[2]!.value = '71'), /slot 2 \(balance .*\): its path does not lead/],
    ['another index', (copy) => (copy.slots[0]!.index = 9), /slot 0 \(nonce\): its path does not lead/],
    ['a value beyond the field', (copy) => (copy.slots[1]!.value = (FIELD_MODULUS + 1n).toString()), /not a field element/],
    ['an index beyond the tree', (copy) => (copy.slots[1]!.index = 2 ** 20), /is not a slot of a 20-deep tree/],
    ['a short path', (copy) => copy.slots[0]!.siblings.pop(), /has 19 siblings, the tree is 20 deep/],
    ['a slot twice', (copy) => copy.slots.push(structuredClone(copy.slots[0]!)), /listed twice/],
    ['a balance without its token', (copy) => delete copy.slots[2]!.token, /needs its token/],
    ['another root', (copy) => (copy.root = `0x${'01'.repeat(32)}`), /the answer is for root 0x0101/],
    ['another address', (copy) => (copy.address = formatAddress(owner, 2)), /is not .*,1/],
  ]
  for (const [what, lie, reason] of lies) {
    const copy = structuredClone(answer)
    lie(copy)
    await assert.rejects(verifyFinalizedVault(copy, { ownerId: owner, root }), (error) => error instanceof FinalizedProofError && error.code === 'FINALIZED_PROOF_INVALID' && reason.test(error.message), what)
  }
  // The right answer, for another vault than the one asked.
  await assert.rejects(verifyFinalizedVault(answer, { ownerId: Ed25519Signer.generate().ownerId, root }), /the answer is about/)
})
