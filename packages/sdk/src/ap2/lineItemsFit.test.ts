// AP2 checkout.line_items as its SDK decides it (max flow): what fits and what is left over.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { lineItemsLeftOver } from './lineItemsFit.ts'
test('AP2 line_items: every unit of the cart is placed in a requirement that accepts it, re-routing where needed', () => {
  assert.deepEqual(lineItemsLeftOver([{ id: 'a', quantity: 1 }], [{ acceptable: ['a'], quantity: 1 }]), [])
  assert.deepEqual(lineItemsLeftOver([{ id: 'a', quantity: 2 }], [{ acceptable: ['a'], quantity: 1 }]), ['a (1)'])
  assert.deepEqual(lineItemsLeftOver([{ id: 'b', quantity: 1 }], [{ acceptable: ['a'], quantity: 1 }]), ['b (1)'])
  assert.deepEqual(lineItemsLeftOver([{ id: 'b', quantity: 1 }], [{ acceptable: [], quantity: 1 }]), [])
  // needs re-routing: a can go to r0 or r1, b only to r0
  assert.deepEqual(lineItemsLeftOver([{ id: 'a', quantity: 1 }, { id: 'b', quantity: 1 }], [{ acceptable: ['a', 'b'], quantity: 1 }, { acceptable: ['a'], quantity: 1 }]), [])
  assert.deepEqual(lineItemsLeftOver([{ id: 'a', quantity: 2 }, { id: 'b', quantity: 1 }], [{ acceptable: ['a', 'b'], quantity: 2 }, { acceptable: ['a'], quantity: 1 }]), [])
  assert.deepEqual(lineItemsLeftOver([{ id: 'a', quantity: 2 }, { id: 'b', quantity: 2 }], [{ acceptable: ['a', 'b'], quantity: 2 }, { acceptable: ['a'], quantity: 1 }]), ['b (1)'])
})
