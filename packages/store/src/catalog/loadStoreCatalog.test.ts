import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { StoreCatalogInvalidError } from '../errors/storeErrors.ts'
import { DEMO_CATALOG_PATH, loadStoreCatalog } from './loadStoreCatalog.ts'

const dir = mkdtempSync(join(tmpdir(), 'verity-store-catalog-'))
after(() => rmSync(dir, { recursive: true, force: true }))

function write(name: string, text: string): string {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}

const product = (id: string, variantIds: string[]) => ({
  id,
  title: id,
  description: { plain: id },
  price_range: { min: { amount: 100, currency: 'USD' }, max: { amount: 100, currency: 'USD' } },
  variants: variantIds.map((variantId) => ({ id: variantId, title: variantId, description: { plain: variantId }, price: { amount: 100, currency: 'USD' } })),
})

test('the demo catalog is the extractor demo catalog as UCP products: 13 products, every variant indexed', () => {
  const catalog = loadStoreCatalog(DEMO_CATALOG_PATH)
  assert.equal(catalog.products.length, 13)
  assert.equal(catalog.variantById.size, 83)
  const { product: tee, variant } = catalog.variantById.get('tee-classic-white-m')!
  assert.equal(tee.id, 'tee-classic')
  assert.deepEqual(variant.options, [{ name: 'Color', label: 'White' }, { name: 'Size', label: 'Medium (M)' }])
  assert.deepEqual(tee.categories?.find((category) => category.taxonomy === 'merchant'), { value: 't-shirt', taxonomy: 'merchant' })
})

test('a file that is missing, not JSON, not an array, breaks the Product schema or repeats an id is refused, naming why', () => {
  const cases: Array<[string, RegExp]> = [
    [join(dir, 'missing.json'), /cannot read it \(ENOENT\)/],
    [write('broken.json', '[{'), /not JSON/],
    [write('object.json', '{"products": []}'), /expected a JSON array of UCP Product objects/],
    [write('float.json', JSON.stringify([{ ...product('p', ['v']), price_range: { min: { amount: 1.5, currency: 'USD' }, max: { amount: 2, currency: 'USD' } } }])), /product 0 is not a UCP Product: \/price_range\/min\/amount/],
    [write('novariant.json', JSON.stringify([product('p', [])])), /product 0 is not a UCP Product: \/variants/],
    [write('twice.json', JSON.stringify([product('p', ['v']), product('q', ['v'])])), /id "v" is used twice/],
  ]
  for (const [path, reason] of cases) {
    assert.throws(() => loadStoreCatalog(path), (error: unknown) => error instanceof StoreCatalogInvalidError && reason.test(error.message), path)
  }
})
