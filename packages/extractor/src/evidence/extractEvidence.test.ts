import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Product } from '../product/Product.ts'
import { DEFAULT_MAPPING } from './EvidenceMapping.ts'
import { extractEvidence } from './extractEvidence.ts'
import { parseMapping } from './loadMapping.ts'
import { parseEvidenceSchema, parseEvidenceType } from './parseEvidenceSchema.ts'

const product: Product = {
  id: 'boot',
  source: 'catalog:boot',
  vendor: 'Stride',
  productType: 'shoes',
  tags: ['leather'],
  optionNames: ['Shoe Size', 'Color'],
  attributes: { material: 'leather', brand: 'Stride Pro', eu_sizes: [41n, 42n], memory: '16' },
  variants: [
    { id: 'b41', options: { 'Shoe Size': '41', Color: 'Brown' }, priceCents: 15900n, available: true, attributes: { heel_mm: 30n } },
    { id: 'b42', options: { 'Shoe Size': '42', Color: 'Brown' }, priceCents: 15900n, attributes: { heel_mm: 30n } },
    { id: 'b43', options: { 'Shoe Size': '43', Color: 'Brown' }, priceCents: 16900n, available: false, attributes: {} },
  ],
}

function extract(candidateIds: string[], schema: Record<string, string>, mapping = DEFAULT_MAPPING) {
  const candidates = product.variants.filter((variant) => candidateIds.includes(variant.id))
  return extractEvidence({ product, candidates, schema: parseEvidenceSchema(schema), mapping })
}

describe('extractEvidence', () => {
  test('finds options by loose names and attributes of the variant, then of the product', () => {
    assert.deepEqual(extract(['b41'], { shoe_size: 'string', heel_mm: 'int', material: 'string', eu_sizes: 'set<int>' }), {
      shoe_size: '41',
      heel_mm: 30n,
      material: 'leather',
      eu_sizes: [41n, 42n],
    })
  })

  test('prefers the first source that establishes a value (brand: attribute before vendor)', () => {
    assert.deepEqual(extract(['b41'], { brand: 'string', vendor: 'string', category: 'string' }), {
      brand: 'Stride Pro',
      vendor: 'Stride',
      category: 'shoes',
    })
  })

  test('across several candidate variants, keeps only what they all agree on', () => {
    assert.deepEqual(extract(['b41', 'b42'], { price_cents: 'int', color: 'string', shoe_size: 'string', heel_mm: 'int' }), {
      price_cents: 15900n,
      color: 'Brown',
      heel_mm: 30n,
    })
    // b41 is available, b42 does not say: a value for some candidates and not others is no value.
    assert.deepEqual(extract(['b41', 'b42'], { available: 'bool' }), {})
    // heel_mm is established for b41 only; the field is ambiguous, not taken from the one that has it.
    assert.deepEqual(extract(['b41', 'b43'], { heel_mm: 'int' }), {})
  })

  test('integer text is an int, other text is not; scalars become one-element sets', () => {
    assert.deepEqual(extract(['b41'], { memory: 'int', material: 'set<string>', tags: 'set<string>' }), {
      memory: 16n,
      material: ['leather'],
      tags: ['leather'],
    })
    assert.deepEqual(extract(['b41'], { material: 'int', tags: 'string', eu_sizes: 'set<string>', price_cents: 'bool' }), {})
  })

  test('a mapping file overrides the defaults field by field', () => {
    const mapping = parseMapping({ brand: ['vendor'], fabric: ['attribute:material'], size: ['option:Shoe Size'] }, 'test')
    assert.deepEqual(extract(['b43'], { brand: 'string', fabric: 'string', size: 'string', color: 'string' }, mapping), {
      brand: 'Stride',
      fabric: 'leather',
      size: '43',
      color: 'Brown',
    })
    assert.throws(() => parseMapping({ brand: ['guess:brand'] }, 'm.json'), /unknown source "guess:brand"/)
    assert.throws(() => parseMapping({ brand: [] }, 'm.json'), /expected 1 to 16 sources/)
    assert.throws(() => parseMapping([], 'm.json'), /expected an object/)
  })
})

describe('parseEvidenceType', () => {
  test('reads every type, optional and spaced forms', () => {
    assert.deepEqual(parseEvidenceType('int'), { base: 'int', optional: false })
    assert.deepEqual(parseEvidenceType('optional set<string>'), { base: 'set<string>', optional: true })
    assert.deepEqual(parseEvidenceType(' optional  set < int > '), { base: 'set<int>', optional: true })
    for (const bad of ['float', 'set<bool>', 'optional', 'optional optional int', 'String', 'set<string', '']) assert.equal(parseEvidenceType(bad), undefined, bad)
  })
})
