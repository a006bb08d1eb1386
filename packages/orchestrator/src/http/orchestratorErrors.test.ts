import { randomUUID } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer } from '@verity/core'
import { closedPort } from '../testing/closedPort.ts'
import { signIntentShapeA, signIntentShapeB } from '../testing/signIntent.ts'
import { startTestOrchestrator, type TestOrchestrator } from '../testing/startTestOrchestrator.ts'
import { PRICE_TEMPLATE } from '../testing/templates.ts'

describe('orchestrator error statuses', () => {
  let orchestrator: TestOrchestrator
  let templateId: string
  const signer = Ed25519Signer.generate()

  before(async () => {
    orchestrator = await startTestOrchestrator({})
    const created = await orchestrator.request('POST', '/templates', PRICE_TEMPLATE)
    assert.equal(created.status, 200)
    templateId = created.json.template_id
  })
  after(() => orchestrator.close())

  test('templates: compile errors are 400 with line and column; unknown ids are 404', async () => {
    const again = await orchestrator.request('POST', '/templates', PRICE_TEMPLATE.replace('\n', '\n\n# comment\n'))
    assert.equal(again.json.template_id, templateId)
    const bad = await orchestrator.request('POST', '/templates', 'name x\nevidence { a: int }\nrequires { evidence.b == 1; }')
    assert.equal(bad.status, 400)
    assert.equal(bad.json.code, 'TEMPLATE_COMPILE_ERROR')
    assert.equal(typeof bad.json.line, 'number')
    assert.match(bad.json.message, /evidence\.b/)
    const invalid = await orchestrator.request('POST', '/templates/validate', 'name x')
    assert.equal(invalid.status, 400)
    const valid = await orchestrator.request('POST', '/templates/validate', PRICE_TEMPLATE.replace('price_guard', 'other'))
    assert.equal(valid.status, 200)
    assert.equal(valid.text, '')
    const json = await orchestrator.request('POST', '/templates', { source: 'x' })
    assert.equal(json.status, 415)
    const text = await orchestrator.request('GET', `/templates/${templateId}`)
    assert.equal(text.status, 200)
    assert.match(text.text, /^name price_guard/)
    assert.equal((await orchestrator.request('GET', '/templates/nope')).status, 404)
    assert.equal((await orchestrator.request('DELETE', '/templates/nope')).status, 404)
  })

  test('config: GET gives the embedded default, PUT validates and persists', async () => {
    const initial = await orchestrator.request('GET', '/config')
    assert.equal(initial.json.evidence_extractor_url, `${orchestrator.url}/extractor`)
    for (const url of ['ftp://x', 'not a url', 'http://user:pw@host', 'http://host/#frag', '/relative', 42]) {
      const response = await orchestrator.request('PUT', '/config', { evidence_extractor_url: url })
      assert.equal(response.status, 400, String(url))
      assert.match(response.json.message, /^invalid evidence extractor URL/)
    }
    assert.equal((await orchestrator.request('PUT', '/config', {})).status, 400)
    const put = await orchestrator.request('PUT', '/config', { evidence_extractor_url: 'https://extractor.example/base' })
    assert.equal(put.status, 200)
    assert.equal(put.text, '')
    assert.equal((await orchestrator.request('GET', '/config')).json.evidence_extractor_url, 'https://extractor.example/base')
    await orchestrator.request('PUT', '/config', { evidence_extractor_url: '' })
    assert.equal((await orchestrator.request('GET', '/config')).json.evidence_extractor_url, `${orchestrator.url}/extractor`)
  })

  test('intents: 400 for malformed bodies, bad signatures, unknown templates, bad attrs, unsigned', async () => {
    const id = randomUUID()
    const good = signIntentShapeB(signer, { id, templateId, fields: { max_price_cents: 100 } })
    const cases: [string, unknown, RegExp][] = [
      ['not an object', [1, 2], /shape A|JSON object/],
      ['neither shape', { foo: 1 }, /shape A \{payload, signature\} or shape B/],
      ['bad uuid', { ...good, intent: { ...good.intent, id: 'x' } }, /intent\.id must be a UUID/],
      ['unknown key', { ...good, extra: 1 }, /unknown field extra/],
      ['attrs null', { ...good, intent: { ...good.intent, attrs: null } }, /omitted, not null/],
      ['tampered', { ...good, intent: { ...good.intent, attrs: { fields: { max_price_cents: 101 } } } }, /invalid signature/],
      ['unsigned', signIntentShapeB('Unsigned', { id, templateId, fields: { max_price_cents: 1 } }), /unsigned intents are not accepted/],
      ['unknown template', signIntentShapeB(signer, { id, templateId: '11111111111111111111111111111111', fields: {} }), /does not exist/],
      ['missing attr', signIntentShapeB(signer, { id, templateId, fields: {} }), /intent\.max_price_cents/],
      ['wrong type', signIntentShapeB(signer, { id, templateId, fields: { max_price_cents: 'x' } }), /intent\.max_price_cents/],
      ['unknown attr', signIntentShapeA(signer, { id, templateId, fields: { max_price_cents: 1, size: 'M' } }), /intent\.size/],
      ['bad signature shape', { payload: { id, template_id: templateId, attrs: { fields: {} } }, signature: { RSA: {} } }, /signature/],
    ]
    for (const [name, body, message] of cases) {
      const response = await orchestrator.request('POST', '/intents', body)
      assert.equal(response.status, 400, name)
      assert.match(response.json.message, message, name)
      assert.equal(typeof response.json.code, 'string', name)
    }
    const huge = await orchestrator.request('POST', '/intents', `{"x":"${'a'.repeat(1_100_000)}"}`, 'application/json')
    assert.equal(huge.status, 413)
    assert.equal(typeof huge.json.message, 'string')
    const hugeTemplate = await orchestrator.request('POST', '/templates', `# ${'x'.repeat(70_000)}\n${PRICE_TEMPLATE}`)
    assert.equal(hugeTemplate.status, 413)
    const notJson = await orchestrator.request('POST', '/intents', '{"payload":', 'application/json')
    assert.equal(notJson.status, 400)
    assert.match(notJson.json.message, /not valid JSON/)
    assert.equal((await orchestrator.request('GET', `/intents/${id}`)).status, 404)
    assert.equal((await orchestrator.request('GET', `/intents/${id}/status`)).status, 404)
  })

  test('intents: accepted once, 409 on id reuse even with another body, GET returns it as submitted', async () => {
    const id = randomUUID()
    const body = signIntentShapeA(signer, { id, templateId, fields: { max_price_cents: { Int: 9007199254740991 }, colors: { Set: [{ String: 'red' }] } } })
    const accepted = await orchestrator.request('POST', '/intents', body)
    assert.equal(accepted.status, 200)
    assert.equal(accepted.text, '')
    const other = signIntentShapeA(signer, { id, templateId, fields: { max_price_cents: 5 } })
    const reused = await orchestrator.request('POST', '/intents', other)
    assert.equal(reused.status, 409)
    assert.equal(reused.json.code, 'INTENT_EXISTS')
    // 409 whatever else is wrong: the same body again, a bad signature, an unknown template, attrs the template refuses.
    const forged = structuredClone(other) as { signature: { Ed25519: { signature: string } } }
    forged.signature.Ed25519.signature = (body as unknown as typeof forged).signature.Ed25519.signature
    for (const again of [body, forged, signIntentShapeA(signer, { id, templateId: '11111111111111111111111111111111', fields: {} }), signIntentShapeA(signer, { id, templateId, fields: { unknown_field: 1 } })]) {
      const refused = await orchestrator.request('POST', '/intents', again)
      assert.deepEqual([refused.status, refused.json.code], [409, 'INTENT_EXISTS'])
    }
    const stored = await orchestrator.request('GET', `/intents/${id}`)
    assert.equal(stored.status, 200)
    assert.deepEqual(stored.json, body)
    assert.equal((await orchestrator.request('GET', `/intents/${id}/status`)).json.status, 'pending')
  })

  test('proposals: 400 for unknown intents, malformed bodies and deleted templates; 409 for a second one', async () => {
    const created = await orchestrator.request('POST', '/templates', PRICE_TEMPLATE.replace('price_guard', 'short_lived'))
    const shortLived = created.json.template_id
    const id = randomUUID()
    assert.equal((await orchestrator.request('POST', '/intents', signIntentShapeB(signer, { id, templateId: shortLived, fields: { max_price_cents: 5 } }))).status, 200)
    const unknown = await orchestrator.request('POST', `/intents/${randomUUID()}/proposal`, { solution: 's', metadata: null })
    assert.equal(unknown.status, 400)
    assert.match(unknown.json.message, /does not exist/)
    for (const body of [{ metadata: 1 }, { solution: 5, metadata: 1 }, { solution: 's' }, { solution: 's', metadata: 1, x: 2 }, 'text']) {
      const response = await orchestrator.request('POST', `/intents/${id}/proposal`, body, 'application/json')
      assert.equal(response.status, 400, JSON.stringify(body))
    }
    assert.equal((await orchestrator.request('DELETE', `/templates/${shortLived}`)).status, 200)
    const orphan = await orchestrator.request('POST', `/intents/${id}/proposal`, { solution: 's', metadata: {} })
    assert.equal(orphan.status, 400)
    assert.match(orphan.json.message, /no longer exists/)
    // A proposal for an intent that has one already: 409.
    const id2 = randomUUID()
    await orchestrator.request('PUT', '/config', { evidence_extractor_url: `http://127.0.0.1:${await closedPort()}` })
    assert.equal((await orchestrator.request('POST', '/intents', signIntentShapeB(signer, { id: id2, templateId, fields: { max_price_cents: 5 } }))).status, 200)
    assert.equal((await orchestrator.request('POST', `/intents/${id2}/proposal`, { solution: 's', metadata: {} })).status, 200)
    const second = await orchestrator.request('POST', `/intents/${id2}/proposal`, { solution: 's', metadata: {} })
    assert.equal(second.status, 409)
    assert.equal(second.json.code, 'PROPOSAL_EXISTS')
    assert.equal((await orchestrator.request('GET', `/proofs/${id2}`)).status, 404)
    assert.equal((await orchestrator.request('GET', `/proofs/${randomUUID()}`)).status, 404)
  })

  test('meta: /openapi.json, /swagger-ui and /license are served', async () => {
    const openapi = await orchestrator.request('GET', '/openapi.json')
    assert.equal(openapi.status, 200)
    assert.equal(openapi.json.info.version, '0.5.1')
    for (const path of ['/intents', '/intents/{intent_id}/proposal', '/templates/{template_id}', '/config', '/events', '/proofs/{intent_id}'])
      assert.ok(openapi.json.paths[path], path)
    const ui = await orchestrator.request('GET', '/swagger-ui/')
    assert.equal(ui.status, 200)
    assert.match(ui.text, /swagger/i)
    const license = await orchestrator.request('GET', '/license')
    assert.equal(license.status, 200)
    assert.match(license.text, /Apache License/)
  })
})
