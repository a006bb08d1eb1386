import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer } from '@verity/core'
import { executeBatch } from '../execution/executeBatch.ts'
import { MemoryLedger } from '../execution/MemoryLedger.ts'
import { addressOf, createFungible, debit, TEST_SHARD } from '../testing/shardFixture.ts'
import { sdlSlotOps, slotKeys, SlotOpKind, VaultRole } from './sdlSlotOps.ts'

test('a recipient becomes a holder once per SDL: its Role op comes with its first credit of a token, not with every credit', () => {
  const issuer = Ed25519Signer.generate()
  const alice = Ed25519Signer.generate()
  const bob = Ed25519Signer.generate()
  const token = addressOf(issuer)
  const ledger = new MemoryLedger()
  const { transactions } = executeBatch(
    ledger,
    [
      createFungible(issuer, 1n, [{ address: addressOf(alice), amount: 10n }]),
      debit(alice, 1n, addressOf(bob), { [token]: { Fungible: 1n } }),
      debit(alice, 2n, addressOf(bob), { [token]: { Fungible: 1n } }),
    ],
    TEST_SHARD,
  )
  const ops = sdlSlotOps({ shard: TEST_SHARD, sequence: 1, previous_hash: null, incoming_credits: { from_cursor: 0, to_cursor: 0, credits: [] }, transactions, root_before: '0x0', root_after: '0x0' })
  const roles = ops.filter((op) => op.kind === SlotOpKind.Role)
  assert.deepEqual(
    roles.map((op) => op.key),
    [slotKeys.role(addressOf(alice)), slotKeys.role(addressOf(bob))],
  )
  assert.ok(roles.every((op) => op.a === VaultRole.Holder))
  // The second transfer is its nonce, the debit and the credit: no second Role op for bob.
  assert.deepEqual(ops.slice(-3).map((op) => op.kind), [SlotOpKind.Nonce, SlotOpKind.Debit, SlotOpKind.Credit])
})
