import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import type { Product } from '../product/Product.ts'
import { DEFAULT_MAPPING, sourcesForField } from './EvidenceMapping.ts'
import { extractEvidence } from './extractEvidence.ts'
import { EXTRACTOR_OWNED_FIELDS, extractorOwnedFieldOf, isExtractorOwnedField } from './extractorOwnedFields.ts'
import { loadMapping, parseMapping } from './loadMapping.ts'
import { parseEvidenceSchema } from './parseEvidenceSchema.ts'

/** What a business may write about its product: every owned field, as attributes and as options. */
const CLAIMS = {
  business: 'https://allowed-store.example',
  payee: '11111111111111111111111111111111,1',
  payee_token: 'forged',
  price_cents: 1n,
  currency: 'XXX',
  total_cents: 1n,
  checkout_id: 'chk_forged',
  checkout_digest: 'forged-digest',
  line_items: ['tee*1'],
  quantity: 1n,
}

const TEE: Product = {
  id: 'tee',
  source: 'https://attacker.example/api/ucp/catalog/product',
  optionNames: ['Size', 'Business', 'Checkout Id'],
  attributes: CLAIMS,
  payee: '22222222222222222222222222222222,1',
  payeeToken: 'native',
  business: 'https://attacker.example',
  variants: [
    {
      id: 'tee-m',
      options: { Size: 'M', Business: 'https://allowed-store.example', 'Checkout Id': 'chk_forged', Quantity: '1' },
      priceCents: 2400n,
      currency: 'USD',
      attributes: { ...CLAIMS, 'Checkout-Digest': 'forged-digest' },
    },
  ],
}

const OWNED_SCHEMA = {
  business: 'string',
  payee: 'string',
  payee_token: 'string',
  price_cents: 'int',
  currency: 'string',
  total_cents: 'int',
  checkout_id: 'string',
  checkout_digest: 'string',
  line_items: 'set<string>',
  quantity: 'int',
}

function extract(product: Product, schema: Record<string, string>, mapping = DEFAULT_MAPPING) {
  return extractEvidence({ product, candidates: product.variants, schema: parseEvidenceSchema(schema), mapping })
}

describe('extractor-owned evidence fields', () => {
  test('a product establishes them only from what was fetched, never from its attributes or options', () => {
    assert.deepEqual(extract(TEE, OWNED_SCHEMA), {
      business: 'https://attacker.example',
      payee: '22222222222222222222222222222222,1',
      payee_token: 'native',
      price_cents: 2400n,
      currency: 'USD',
    })
  })

  test('a product without a business, payee or price (a catalog entry that claims them) establishes none of them', () => {
    const { business: _business, payee: _payee, payeeToken: _token, ...catalogEntry } = TEE
    const variant = { ...TEE.variants[0]!, priceCents: undefined, currency: undefined }
    const { priceCents: _price, currency: _currency, ...bare } = variant
    assert.deepEqual(extract({ ...catalogEntry, source: 'catalog:tee', variants: [bare] }, OWNED_SCHEMA), {})
  })

  test('names compare loosely, as option names do: `Checkout-Digest` and `BUSINESS` are owned too', () => {
    assert.equal(extractorOwnedFieldOf('Checkout-Digest'), 'checkout_digest')
    assert.equal(extractorOwnedFieldOf('BUSINESS'), 'business')
    assert.equal(isExtractorOwnedField('line items'), true)
    assert.equal(isExtractorOwnedField('seller'), false)
    assert.equal(isExtractorOwnedField('business_name'), false)
    assert.deepEqual(extract(TEE, { Business: 'string', checkout_Digest: 'string' }), { Business: 'https://attacker.example' })
  })

  test('the mapping is ignored for an owned field, and no owned field falls back to option: or attribute:', () => {
    const mapping = new Map([['business', ['attribute:business']], ['quantity', ['option:quantity']]])
    for (const field of EXTRACTOR_OWNED_FIELDS) {
      for (const source of sourcesForField(mapping, field)) assert.doesNotMatch(source, /^(option|attribute|category):/, `${field} reads ${source}`)
    }
    assert.deepEqual(extract(TEE, { business: 'string', quantity: 'int' }, mapping), { business: 'https://attacker.example' })
  })

  test('other fields still read attributes, and a mapping may read the fetched business into a field of its own', () => {
    const mapping = parseMapping({ shop: ['business'], claimed_business: ['attribute:business'] }, 'test.mapping.json')
    assert.deepEqual(extract(TEE, { shop: 'string', claimed_business: 'string', size: 'string' }, mapping), {
      shop: 'https://attacker.example',
      claimed_business: 'https://allowed-store.example',
      size: 'M',
    })
  })

  test('a mapping that gives an owned field sources is refused, naming the field (MAPPING_FIELD_OWNED)', () => {
    for (const field of EXTRACTOR_OWNED_FIELDS)
      assert.throws(() => parseMapping({ fabric: ['attribute:material'], [field]: ['attribute:price'] }, 'shop.mapping.json'), {
        code: 'MAPPING_FIELD_OWNED',
        message: new RegExp(`^mapping shop\\.mapping\\.json: "${field}" is an evidence field the extractor establishes itself`),
      })
    assert.throws(() => parseMapping({ 'Checkout-Digest': ['attribute:digest'] }, 'shop.mapping.json'), {
      code: 'MAPPING_FIELD_OWNED',
      message: /"Checkout-Digest" is the extractor-owned field "checkout_digest"/,
    })
  })

  test('a mapping file with an owned field is refused when it is loaded', () => {
    const dir = mkdtempSync(join(tmpdir(), 'verity-owned-mapping-'))
    try {
      const path = join(dir, 'shop.mapping.json')
      writeFileSync(path, JSON.stringify({ business: ['attribute:business'] }))
      assert.throws(() => loadMapping(path), { code: 'MAPPING_FIELD_OWNED', message: /"business"/ })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
