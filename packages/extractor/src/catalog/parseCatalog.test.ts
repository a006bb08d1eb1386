import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { DEMO_CATALOG_PATH } from '../ExtractorOptions.ts'
import { CatalogSource } from './CatalogSource.ts'
import { parseCatalog } from './parseCatalog.ts'

test('reads JSONL, one product per line, and gives a product without variants one variant', () => {
  const catalog = parseCatalog('{"id":"a","price":"1.50"}\n\n{"id":"b","variants":[{"id":"b-1","price_cents":5}]}\n', 'shop.jsonl')
  assert.equal(catalog.products.get('a')?.variants[0]?.priceCents, 150n)
  assert.equal(catalog.productsByVariantId.get('b-1')?.id, 'b')
})

test('names the entry and field at fault', () => {
  const cases: [string, RegExp][] = [
    ['[{"id": "a", "price_cents": 1.5}]', /products\[0\]\.price_cents: expected an integer/],
    ['[{"id": "a"}, {"id": "a"}]', /duplicate product id "a"/],
    ['[{"id": "a b"}]', /products\[0\]\.id: "a b" is not a catalog id/],
    ['[{"id": "a", "variants": []}]', /variants: expected an array of 1 to/],
    ['[{"id": "a", "variants": [{"id": "v", "options": {"Color": 1}}]}]', /variants\[0\]\.options\.Color: expected a string/],
    ['[{"id": "a", "attributes": {"screen": 15.6}}]', /attributes\.screen: expected an integer/],
    ['[{"id": "a", "variants": [{"id": "v"}]}, {"id": "b", "variants": [{"id": "v"}]}]', /variant id "v" is used by products "a" and "b"/],
    ['{"id": "a"}\n{"id": ', /line 2: not JSON/],
    ['[{"id": "a"}', /whole file: not JSON/],
  ]
  for (const [text, message] of cases) assert.throws(() => parseCatalog(text, 'shop.json'), message, text)
})

test('a bad file at start is an error; later it keeps the last good catalog', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-catalog-'))
  try {
    const path = join(dir, 'shop.json')
    writeFileSync(path, '[{"id": "a"')
    assert.throws(() => CatalogSource.open(path, { pollIntervalMs: 0 }), (error: Error & { code?: string }) => error.code === 'CATALOG_INVALID')
    assert.throws(() => CatalogSource.open(join(dir, 'missing.json'), { pollIntervalMs: 0 }), /cannot read/)
    writeFileSync(path, '[{"id": "a"}]')
    const source = CatalogSource.open(path, { pollIntervalMs: 0 })
    writeFileSync(path, '[{"id": "a"}, {"id": "a"}]')
    await assert.rejects(source.reload(), /duplicate product id/)
    assert.equal((await source.findProduct('catalog:a'))?.product.id, 'a')
    writeFileSync(path, '[{"id": "b"}]')
    await source.reload()
    assert.equal(await source.findProduct('catalog:a'), undefined)
    source.close()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('the demo catalog loads and offers the quickstart ids', async () => {
  const source = CatalogSource.open(DEMO_CATALOG_PATH, { pollIntervalMs: 0 })
  assert.ok(source.productCount >= 12)
  for (const id of ['tee-classic', 'pullover-fleece', 'laptop-air13', 'shoes-runner']) assert.ok(await source.findProduct(`catalog:${id}`), id)
  source.close()
})
