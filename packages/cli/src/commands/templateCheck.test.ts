import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { verityOk } from '../testing/runVerity.ts'

const example = (name: string) => fileURLToPath(new URL(`../../../policy/examples/${name}`, import.meta.url))

test('verity template check states that the intents of a payable template must name their agents, whatever it constrains', async () => {
  for (const name of ['payable-clothing.template', 'payable-store.template']) {
    const json = JSON.parse(await verityOk(['template', 'check', example(name), '--json']))
    assert.equal(json.payable, true, name)
    assert.equal(json.agents_required, true, name)
    const text = await verityOk(['template', 'check', example(name)])
    assert.match(text, /\npayable: /, name)
    assert.match(text, /\nagents: its intents must name their agents \(verity intent create --agent KEY\)/, name)
    assert.doesNotMatch(text, /warning/, name)
  }
  const plain = await verityOk(['template', 'check', example('clothing.template')])
  assert.doesNotMatch(plain, /agents:/)
  assert.equal(JSON.parse(await verityOk(['template', 'check', example('clothing.template'), '--json'])).agents_required, undefined)
})
