import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { verityOk } from '../testing/runVerity.ts'

const example = (name: string) => fileURLToPath(new URL(`../../../policy/examples/${name}`, import.meta.url))

test('verity template check warns about a payable template whose payee nothing ties, and not about one that ties it', async () => {
  const unbound = JSON.parse(await verityOk(['template', 'check', example('payable-clothing.template'), '--json']))
  assert.equal(unbound.payable, true)
  assert.equal(unbound.payee_bound, false)
  assert.match(await verityOk(['template', 'check', example('payable-clothing.template')]), /\nwarning: no constraint ties evidence\.payee to what the user signs \(e\.g\. evidence\.payee in intent\.allowed_payees\)/)
  const bound = await verityOk(['template', 'check', example('payable-store.template')])
  assert.match(bound, /\npayable: /)
  assert.doesNotMatch(bound, /warning/)
  assert.doesNotMatch(await verityOk(['template', 'check', example('clothing.template')]), /warning/)
})
