import { randomUUID } from 'node:crypto'
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { SoftwarePasskey } from '@verity/core'
import { signIntentShapeB } from '../testing/signIntent.ts'
import { startTestOrchestrator, type TestOrchestrator } from '../testing/startTestOrchestrator.ts'
import { PRICE_TEMPLATE } from '../testing/templates.ts'

// An orchestrator told which web wallet its users sign in accepts passkey signatures from that
// origin and RP id only: a signature made on a look-alike site is refused (docs/signatures.md).
let orchestrator: TestOrchestrator
let templateId: string
before(async () => {
  orchestrator = await startTestOrchestrator({ settings: { passkeyOrigins: ['https://wallet.example'], passkeyRpIds: ['wallet.example'] } })
  templateId = (await orchestrator.request('POST', '/templates', PRICE_TEMPLATE)).json.template_id
})
after(() => orchestrator.close())

const submit = (signer: SoftwarePasskey) =>
  orchestrator.request('POST', '/intents', signIntentShapeB(signer, { id: randomUUID(), templateId, fields: { max_price_cents: 100 } }))

test('a passkey signature from the configured origin and RP id is accepted', async () => {
  assert.equal((await submit(SoftwarePasskey.generate({ rpId: 'wallet.example', origin: 'https://wallet.example' }))).status, 200)
})

test('a passkey signature from another origin or RP id is refused with 400 naming it', async () => {
  const origin = await submit(SoftwarePasskey.generate({ rpId: 'wallet.example', origin: 'https://wallet-example.evil' }))
  assert.equal(origin.status, 400)
  assert.match(origin.json.message, /client_data origin "https:\/\/wallet-example\.evil" is not an accepted origin/)
  const rpId = await submit(SoftwarePasskey.generate({ rpId: 'evil.example', origin: 'https://wallet.example' }))
  assert.equal(rpId.status, 400)
  assert.match(rpId.json.message, /rpIdHash is not the hash of an accepted RP id/)
})
