// The UCP client against a business written from the 2026-04-08 spec alone (testing/startSpecUcpBusiness.ts),
// over real HTTP on 127.0.0.1, through both bindings.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { Ed25519Signer } from '@verity/core'
import { DEFAULT_MAPPING } from '../evidence/EvidenceMapping.ts'
import { parseMapping } from '../evidence/loadMapping.ts'
import { extractAttested } from '../extractAttested.ts'
import type { ExtractorDependencies } from '../extractFromSolution.ts'
import { startSpecUcpBusiness, type SpecBusiness } from '../testing/startSpecUcpBusiness.ts'
import { PERFORMANCE_TEE, PLAIN_MUG, SPEC_PAYEE } from '../testing/specUcpProducts.ts'
import { UcpSource } from './UcpSource.ts'

const MEDIUM = 'gid://shopify/ProductVariant/2002'
const SMALL = 'gid://shopify/ProductVariant/2001'
const PAYMENT_HANDLERS = { 'dev.verity.domain': [{ id: 'verity_domain', version: '2026-04-08', config: { payee: SPEC_PAYEE, token: 'native' } }] }

for (const transport of ['rest', 'mcp'] as const) {
  describe(`a spec-only UCP business over ${transport.toUpperCase()}`, () => {
    let business: SpecBusiness
    let deps: ExtractorDependencies
    before(async () => {
      business = await startSpecUcpBusiness({ products: [PERFORMANCE_TEE, PLAIN_MUG], transports: [transport], paymentHandlers: PAYMENT_HANDLERS })
      deps = { ucp: new UcpSource({ privateAddressesAllowed: [business.address], agentProfileUrl: 'https://agent.example/profile.json' }), mapping: DEFAULT_MAPPING, signer: Ed25519Signer.generate() }
    })
    after(() => business.close())

    test("issue 28's example: attributes and the Size option feed fabric, clothing_features and size with no mapping file", async () => {
      const schema = { fabric: 'string', clothing_features: 'string', size: 'string', sleeve_length_type: 'string' }
      const { evidence } = await extractAttested(deps, { solution: MEDIUM, metadata: { business: business.url }, schema })
      assert.deepEqual(evidence, { fabric: 'Cotton', clothing_features: 'Moisture wicking', size: 'Medium (M)', sleeve_length_type: 'Short sleeve' })
    })

    test('price in minor units, currency, availability, title, seller, categories by taxonomy, tags, payee', async () => {
      const schema = {
        price_cents: 'int', currency: 'string', available: 'bool', availability_status: 'string', title: 'string', variant_title: 'string',
        seller: 'string', shopify_category: 'string', google_product_category: 'string', category: 'string', categories: 'set<string>',
        tags: 'set<string>', payee: 'string', payee_token: 'string', sku: 'string', product_id: 'string', variant_id: 'string',
      }
      const { evidence } = await extractAttested(deps, { solution: MEDIUM, metadata: { business: business.url }, schema })
      assert.deepEqual(evidence, {
        price_cents: 2600, currency: 'USD', available: true, availability_status: 'in_stock', title: 'Performance Tee', variant_title: 'Medium (M)',
        seller: 'Spec Outfitters', shopify_category: 'aa-1-13-8', google_product_category: '212', category: 'Apparel > Shirts',
        categories: ['aa-1-13-8', '212', 'Apparel > Shirts'], tags: ['cotton', 'summer', 'bestseller'], payee: SPEC_PAYEE, payee_token: 'native',
        sku: 'PT-M', product_id: 'gid://shopify/Product/1001', variant_id: MEDIUM,
      })
    })

    test("the variant's attribute wins over the product's; a repeated name is a set", async () => {
      const { evidence } = await extractAttested(deps, { solution: SMALL, metadata: { business: business.url }, schema: { fabric: 'string', color: 'set<string>', available: 'bool' } })
      assert.deepEqual(evidence, { fabric: 'Organic cotton', color: ['Blue', 'White'], available: false })
    })

    test('a product id with metadata.options selects by options, loosely, among the variants the business returns', async () => {
      const { evidence } = await extractAttested(deps, { solution: PERFORMANCE_TEE.id, metadata: { business: business.url, options: { size: 'medium (m)' } }, schema: { price_cents: 'int', size: 'string' } })
      assert.deepEqual(evidence, { price_cents: 2600, size: 'Medium (M)' })
      const last = business.requests.at(-1)!.body as any
      const sent = transport === 'rest' ? last : last.params.arguments.catalog
      assert.deepEqual(sent, { id: PERFORMANCE_TEE.id })
    })

    test('fields the business does not state stay out of the evidence', async () => {
      const { evidence } = await extractAttested(deps, { solution: 'prod_mug_default', metadata: { business: business.url }, schema: { price_cents: 'int', currency: 'string', available: 'bool', seller: 'string', fabric: 'string', size: 'string', tags: 'set<string>' } })
      assert.deepEqual(evidence, { price_cents: 900, currency: 'EUR' })
    })

    test('an unknown id is VARIANT_NOT_FOUND with the business\'s message', async () => {
      await assert.rejects(extractAttested(deps, { solution: 'prod_nope', metadata: { business: business.url }, schema: { price_cents: 'int' } }), (error: any) => {
        assert.equal(error.code, 'VARIANT_NOT_FOUND')
        assert.match(error.message, /the business says "Product not found: prod_nope"/)
        return true
      })
    })

    test('the attestation lists the profile and the get_product reply; the platform profile is advertised', async () => {
      const { attestation } = await extractAttested(deps, { solution: MEDIUM, metadata: { business: business.url }, schema: { price_cents: 'int' } })
      const urls = attestation!.sources.map((source) => source.url)
      assert.deepEqual(urls, [`${business.url}/.well-known/ucp`, transport === 'rest' ? `${business.url}/api/ucp/catalog/product` : `${business.url}/api/mcp`])
      assert.ok(attestation!.sources.every((source) => source.status === 200 && /^[0-9a-f]{64}$/.test(source.body_sha256)))
      const last = business.requests.at(-1)!
      assert.equal(last.ucpAgent, 'profile="https://agent.example/profile.json"')
      if (transport === 'mcp') assert.deepEqual((last.body as any).params.arguments.meta, { 'ucp-agent': { profile: 'https://agent.example/profile.json' } })
    })

    test('one discovery per business per profile lifetime, also for concurrent proposals', async () => {
      const fresh = await startSpecUcpBusiness({ products: [PERFORMANCE_TEE], transports: [transport] })
      try {
        let nowMs = 1_000_000
        const source = new UcpSource({ privateAddressesAllowed: [fresh.address], nowMs: () => nowMs })
        const request = { solution: MEDIUM, metadata: { business: fresh.url }, schema: { price_cents: 'int' } }
        const local = { ucp: source, mapping: DEFAULT_MAPPING }
        await Promise.all([extractAttested(local, request), extractAttested(local, request), extractAttested(local, request)])
        await extractAttested(local, request)
        const discoveries = () => fresh.requests.filter((entry) => entry.path === '/.well-known/ucp').length
        assert.equal(discoveries(), 1)
        assert.equal(fresh.requests.length, 5)
        nowMs += 299_000 // max-age=300: still fresh
        await extractAttested(local, request)
        assert.equal(discoveries(), 1)
        nowMs += 2_000 // expired
        await extractAttested(local, request)
        assert.equal(discoveries(), 2)
      } finally {
        await fresh.close()
      }
    })

    test('a mapping file maps UCP sources too', async () => {
      const mapping = parseMapping({ material: ['attribute:Fabric'], taxonomy_id: ['category:google_product_category'] }, 'test.mapping.json')
      const { evidence } = await extractAttested({ ...deps, mapping }, { solution: MEDIUM, metadata: { business: business.url }, schema: { material: 'string', taxonomy_id: 'int' } })
      assert.deepEqual(evidence, { material: 'Cotton', taxonomy_id: 212 })
    })
  })
}
