// A UCP business written from the spec alone (testing/startSpecUcpBusiness.ts) behind a real
// orchestrator: a signed intent, a proposal naming the business and a variant id, the embedded
// extractor discovering the business and calling get_product, a real proof that the offline verifier
// (`verity verify`'s) accepts, and an attestation listing the UCP requests.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { canonicalJsonBytes, Ed25519Signer, parseJsonBigint } from '@verity/core'
import { startOrchestrator, type RunningOrchestrator } from '@verity/orchestrator'
import { createProver } from '@verity/prover'
import { verifyProofBundle } from '@verity/sdk'
import { callOrchestrator } from './testing/callOrchestrator.ts'
import { readSseEvents, type SseReader } from './testing/readSseEvents.ts'
import { PERFORMANCE_TEE, SPEC_PAYEE } from './testing/specUcpProducts.ts'
import { startSpecUcpBusiness, type SpecBusiness } from './testing/startSpecUcpBusiness.ts'

// Issue 28's example: attributes and an option, read with no mapping file.
const TEMPLATE = `name ucp_tee
intent {
  max_price_cents: int
}
evidence {
  fabric: string
  clothing_features: string
  size: string
  price_cents: int
  payee: string
}
requires {
  evidence.fabric == "Cotton";
  evidence.clothing_features == "Moisture wicking";
  evidence.size == "Medium (M)";
  evidence.price_cents <= intent.max_price_cents;
}
`

const MEDIUM = 'gid://shopify/ProductVariant/2002'
const SMALL = 'gid://shopify/ProductVariant/2001'

describe('end to end: an orchestrator resolving UCP variants at a spec-only business', () => {
  let dataDir: string
  let rest: SpecBusiness
  let mcp: SpecBusiness
  let orchestrator: RunningOrchestrator
  let events: SseReader
  let templateId: string
  const signer = Ed25519Signer.generate()

  const call = (method: string, path: string, body?: unknown) => callOrchestrator(orchestrator.url, method, path, body)

  async function propose(solution: string, metadata: unknown) {
    const id = randomUUID()
    const intent = { id, policy_id: templateId, attrs: { fields: { max_price_cents: 3000 } } }
    const signed = { authorship: { Signed: signer.sign(canonicalJsonBytes(intent)) }, intent }
    assert.equal((await call('POST', '/intents', signed)).status, 200)
    assert.equal((await call('POST', `/intents/${id}/proposal`, { solution, metadata })).status, 200)
    return { id, outcome: (await events.waitFor((event) => event.data.intent_id === id && event.event !== 'expired')).data }
  }

  before(async () => {
    const paymentHandlers = { 'dev.verity.domain': [{ id: 'verity_domain', version: '2026-04-08', config: { payee: SPEC_PAYEE, token: 'native' } }] }
    rest = await startSpecUcpBusiness({ products: [PERFORMANCE_TEE], transports: ['rest'], paymentHandlers })
    mcp = await startSpecUcpBusiness({ products: [PERFORMANCE_TEE], transports: ['mcp'], paymentHandlers })
    dataDir = mkdtempSync(join(tmpdir(), 'verity-extractor-ucp-e2e-'))
    orchestrator = await startOrchestrator({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      logLevel: 'silent',
      // Exactly these two loopback businesses are allowed; nothing else non-public is.
      embeddedExtractor: { storefrontPrivateAddressesAllowed: [rest.address, mcp.address] },
    })
    const created = await call('POST', '/templates', TEMPLATE)
    assert.equal(created.status, 200, created.text)
    templateId = created.json.template_id
    events = await readSseEvents(`${orchestrator.url}/events`)
  })

  after(async () => {
    events?.close()
    await orchestrator?.close()
    await rest?.close()
    await mcp?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  test('REST: a variant that fits succeeds with a proof the offline verifier accepts; the attestation lists the UCP requests', async () => {
    const { id, outcome } = await propose(MEDIUM, { business: rest.url })
    assert.equal(outcome.type, 'success', JSON.stringify(outcome))
    assert.deepEqual(outcome.evidence, { fabric: 'Cotton', clothing_features: 'Moisture wicking', size: 'Medium (M)', price_cents: 2600, payee: SPEC_PAYEE })
    const bundle = await call('GET', `/proofs/${id}`)
    assert.equal(bundle.status, 200, bundle.text)
    const sources = bundle.json.proof.attestation.sources as { url: string; status: number }[]
    assert.deepEqual(sources.map((source) => [source.url, source.status]), [
      [`${rest.url}/.well-known/ucp`, 200],
      [`${rest.url}/api/ucp/catalog/product`, 200],
    ])
    const prover = createProver({ threads: 1 })
    try {
      const verified = await verifyProofBundle(parseJsonBigint(bundle.text), { verifier: prover })
      assert.equal(verified.ok, true, JSON.stringify(verified))
    } finally {
      await prover.close()
    }
  })

  test('MCP: the same variant through the MCP binding succeeds', async () => {
    const { outcome } = await propose(MEDIUM, { business: mcp.url })
    assert.equal(outcome.type, 'success', JSON.stringify(outcome))
    assert.equal((outcome.evidence as Record<string, unknown>).size, 'Medium (M)')
    assert.ok(mcp.requests.some((request) => request.path === '/api/mcp' && (request.body as any).params.name === 'get_product'))
  })

  test('a variant whose variant attribute overrides the fabric fails on that constraint', async () => {
    const { outcome } = await propose(SMALL, { business: rest.url })
    assert.equal(outcome.type, 'failure')
    assert.equal((outcome.evidence as Record<string, unknown>).fabric, 'Organic cotton')
    assert.deepEqual((outcome.constraint_failures as { index: number }[]).map((failure) => failure.index), [0, 2])
  })

  test("an unknown variant fails with VARIANT_NOT_FOUND and the business's message", async () => {
    const { outcome } = await propose('gid://shopify/ProductVariant/404', { business: rest.url })
    assert.equal(outcome.type, 'failure')
    assert.equal(outcome.evidence, null)
    assert.match(String(outcome.reason), /VARIANT_NOT_FOUND: variant not found: gid:\/\/shopify\/ProductVariant\/404: the business says "Product not found: gid:\/\/shopify\/ProductVariant\/404"/)
  })
})
