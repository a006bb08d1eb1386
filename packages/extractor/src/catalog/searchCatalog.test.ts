import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, test } from 'node:test'
import { DEMO_CATALOG_PATH } from '../ExtractorOptions.ts'
import { CATALOG_SEARCH_RESULTS_DEFAULT, CATALOG_SEARCH_RESULTS_MAX } from '../limits.ts'
import { parseCatalog } from './parseCatalog.ts'
import { searchCatalog } from './searchCatalog.ts'

const demo = parseCatalog(readFileSync(DEMO_CATALOG_PATH, 'utf8'), DEMO_CATALOG_PATH)
const solutions = (query: Parameters<typeof searchCatalog>[1]) => searchCatalog(demo, query).results.map((hit) => hit.solution)

describe('searchCatalog', () => {
  test('the README intent: t-shirt or polo, size M, unisex, at most $25, white → the classic tee', () => {
    const found = searchCatalog(demo, {
      category: ['t-shirt', 'polo'],
      options: { size: 'm', Color: 'WHITE' },
      attributes: { audience: 'unisex' },
      price_cents_max: 2500,
    })
    assert.deepEqual(found.results.map((hit) => hit.solution), ['catalog:tee-classic-white-m'])
    assert.equal(found.total, 1)
    assert.equal(found.truncated, false)
    const [hit] = found.results
    assert.equal(hit?.price_cents, 1999n)
    assert.equal(hit?.category, 't-shirt')
    assert.equal(hit?.attributes.audience, 'unisex')
    assert.deepEqual(hit?.options, { Color: 'White', Size: 'M' })
  })

  test('free text: every word must appear somewhere (title, tags, options, attributes)', () => {
    assert.deepEqual(solutions({ q: 'pique navy m' }), ['catalog:polo-pique-navy-m'])
    assert.deepEqual(solutions({ q: 'merino oatmeal XL' }), ['catalog:pullover-merino-oatmeal-xl'])
    assert.deepEqual(solutions({ q: 'no-such-word' }), [])
  })

  test('price bounds and attribute filters on ints and sets', () => {
    assert.deepEqual(solutions({ category: 'laptop', price_cents_min: 100_000, price_cents_max: 200_000 }), ['catalog:laptop-air13-16gb', 'catalog:laptop-pro15-16gb'])
    assert.deepEqual(solutions({ attributes: { memory_gb: 8 } }), ['catalog:laptop-air13-8gb'])
    assert.deepEqual(solutions({ q: 'socks', attributes: { pairs: 3 } }), ['catalog:socks-3pack'])
  })

  test('unavailable variants are left out unless asked for', () => {
    assert.deepEqual(solutions({ q: 'tee-classic-navy-xl' }), [])
    const included = searchCatalog(demo, { q: 'tee-classic-navy-xl', include_unavailable: true })
    assert.deepEqual(included.results.map((hit) => [hit.solution, hit.available]), [['catalog:tee-classic-navy-xl', false]])
  })

  test('results are bounded: default and maximum limit, with the total of all matches', () => {
    const all = searchCatalog(demo, { limit: 1_000 })
    assert.equal(all.results.length, CATALOG_SEARCH_RESULTS_MAX > all.total ? all.total : CATALOG_SEARCH_RESULTS_MAX)
    const first = searchCatalog(demo, {})
    assert.equal(first.results.length, CATALOG_SEARCH_RESULTS_DEFAULT)
    assert.equal(first.total, all.total)
    assert.equal(first.truncated, true)
    const two = searchCatalog(demo, { category: 't-shirt', limit: 2 })
    assert.deepEqual(two.results.map((hit) => hit.solution), ['catalog:tee-classic-white-s', 'catalog:tee-classic-white-m'])
    assert.ok(two.total > 2)
  })
})
