import { randomUUID } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { canonicalJsonBytes, Ed25519Signer } from '@verity/core'
import { sealIntentShapeB } from '../testing/sealIntent.ts'
import { signIntentShapeB } from '../testing/signIntent.ts'
import { startTestOrchestrator, type TestOrchestrator } from '../testing/startTestOrchestrator.ts'
import { PRICE_TEMPLATE } from '../testing/templates.ts'
import { standaloneToken } from '../../../core/src/testing/standaloneToken.ts'

describe('sealed intents at POST /intents', () => {
  let orchestrator: TestOrchestrator
  let templateId: string
  const signer = Ed25519Signer.generate()
  const fields = { max_price_cents: 2345, colors: ['Teal', 'Ochre'] }

  before(async () => {
    orchestrator = await startTestOrchestrator({})
    templateId = (await orchestrator.request('POST', '/templates', PRICE_TEMPLATE)).json.template_id
  })
  after(() => orchestrator.close())

  test('accepted with its opening; GET /intents/{id} shows the signed part only, byte for byte', async () => {
    const id = randomUUID()
    const body = await sealIntentShapeB(signer, { id, templateId, source: PRICE_TEMPLATE, fields })
    const posted = await orchestrator.request('POST', '/intents', body)
    assert.equal(posted.status, 200, posted.text)
    const shown = await orchestrator.request('GET', `/intents/${id}`)
    assert.equal(shown.status, 200)
    assert.deepEqual(shown.json, { authorship: body.authorship, intent: body.intent })
    assert.doesNotMatch(shown.text, standaloneToken(2345))
    assert.doesNotMatch(shown.text, /Teal|Ochre|opening/)
    assert.doesNotMatch(shown.text, new RegExp(body.opening.salt.slice(2)))
  })

  test('an opening that does not open the commitments is refused, naming the tier and never a value', async () => {
    const body = await sealIntentShapeB(signer, { id: randomUUID(), templateId, source: PRICE_TEMPLATE, fields })
    const other = { ...body, opening: { ...body.opening, attrs: { fields: { ...fields, max_price_cents: 99999 } } } }
    const refused = await orchestrator.request('POST', '/intents', other)
    assert.equal(refused.status, 400)
    assert.equal(refused.json.code, 'SEALED_OPENING_MISMATCH')
    assert.match(refused.json.message, /commitment of tier policy/)
    assert.doesNotMatch(refused.json.message, standaloneToken(99999))
    assert.doesNotMatch(refused.json.message, standaloneToken(2345))
    const wrongSalt = await orchestrator.request('POST', '/intents', { ...body, opening: { ...body.opening, salt: '0x' + '0'.repeat(63) + '7' } })
    assert.equal(wrongSalt.json.code, 'SEALED_OPENING_MISMATCH')
  })

  test('a commitment missing for a tier that holds the attrs is refused (a proof on it could not be verified)', async () => {
    const body = await sealIntentShapeB(signer, { id: randomUUID(), templateId, source: PRICE_TEMPLATE, fields })
    const { policy: _dropped, ...fewer } = body.intent.sealed.commitments
    const intent = { ...body.intent, sealed: { commitments: fewer } }
    const refused = await orchestrator.request('POST', '/intents', { authorship: { Signed: signer.sign(canonicalJsonBytes(intent)) }, intent, opening: body.opening })
    assert.equal(refused.json.code, 'SEALED_OPENING_MISMATCH')
    assert.match(refused.json.message, /tiers that hold this template and these attrs are/)
  })

  test('a disclosed attr must equal the opening\'s; the signature covers the commitments', async () => {
    const differs = await sealIntentShapeB(signer, { id: randomUUID(), templateId, source: PRICE_TEMPLATE, fields, disclosed: { max_price_cents: 2346 } })
    assert.equal((await orchestrator.request('POST', '/intents', differs)).json.code, 'SEALED_OPENING_MISMATCH')
    const same = await sealIntentShapeB(signer, { id: randomUUID(), templateId, source: PRICE_TEMPLATE, fields, disclosed: { max_price_cents: 2345 } })
    assert.equal((await orchestrator.request('POST', '/intents', same)).status, 200)
    const tampered = await sealIntentShapeB(signer, { id: randomUUID(), templateId, source: PRICE_TEMPLATE, fields })
    tampered.intent.sealed.commitments.policy = '0x' + '1'.repeat(64)
    assert.equal((await orchestrator.request('POST', '/intents', tampered)).json.code, 'INVALID_SIGNATURE')
  })

  test('malformed: no opening, an opening beside an open intent, an unknown tier, a zero salt', async () => {
    const body = await sealIntentShapeB(signer, { id: randomUUID(), templateId, source: PRICE_TEMPLATE, fields })
    const noOpening = await orchestrator.request('POST', '/intents', { authorship: body.authorship, intent: body.intent })
    assert.equal(noOpening.json.code, 'MALFORMED_INTENT')
    assert.match(noOpening.json.message, /opening/)
    const open = signIntentShapeB(signer, { id: randomUUID(), templateId, fields })
    assert.equal((await orchestrator.request('POST', '/intents', { ...open, opening: body.opening })).json.code, 'MALFORMED_INTENT')
    const unknownTier = { ...body.intent, sealed: { commitments: { policy_huge: body.intent.sealed.commitments.policy } } }
    const tier = await orchestrator.request('POST', '/intents', { authorship: { Signed: signer.sign(canonicalJsonBytes(unknownTier)) }, intent: unknownTier, opening: body.opening })
    assert.equal(tier.status, 400)
    const zero = await orchestrator.request('POST', '/intents', { ...body, opening: { ...body.opening, salt: '0x' + '0'.repeat(64) } })
    assert.equal(zero.json.code, 'MALFORMED_INTENT')
  })
})
