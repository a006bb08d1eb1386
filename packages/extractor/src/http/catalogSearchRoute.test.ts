import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { buildExtractorApp } from './buildExtractorApp.ts'

let demo: FastifyInstance
let noCatalog: FastifyInstance

before(async () => {
  demo = await buildExtractorApp({ catalogPollIntervalMs: 0, logLevel: 'silent' })
  noCatalog = await buildExtractorApp({ catalogPath: null, logLevel: 'silent' })
})
after(async () => {
  await demo.close()
  await noCatalog.close()
})

const search = (app: FastifyInstance, body: unknown) => app.inject({ method: 'POST', url: '/catalog/search', payload: body as object })

describe('POST /catalog/search', () => {
  test('answers the matching variants with the solution to propose', async () => {
    const reply = await search(demo, { category: ['t-shirt', 'polo'], options: { Size: 'M', Color: 'White' }, price_cents_max: 2500, limit: 5 })
    assert.equal(reply.statusCode, 200, reply.body)
    const body = reply.json() as { results: Array<{ solution: string; price_cents: number }>; total: number; truncated: boolean }
    assert.deepEqual(body.results.map((hit) => hit.solution), ['catalog:tee-classic-white-m', 'catalog:tee-vneck-white-m'])
    assert.equal(body.results[0]?.price_cents, 1999)
    assert.equal(body.total, 2)
    assert.equal(body.truncated, false)
  })

  test('bad queries are 400s naming the field', async () => {
    for (const [body, pattern] of [
      [{ limit: 0 }, /limit/],
      [{ limit: 101 }, /limit/],
      [{ price_cents_max: 'cheap' }, /price_cents_max/],
      [{ colour: 'White' }, /additional|colour/],
      [{ q: 'x'.repeat(257) }, /q/],
    ] as const) {
      const reply = await search(demo, body)
      assert.equal(reply.statusCode, 400, JSON.stringify(body))
      assert.equal(reply.json().code, 'INVALID_REQUEST')
      assert.match(reply.json().message, pattern)
    }
  })

  test('an extractor without a catalog answers 404 CATALOG_NOT_CONFIGURED', async () => {
    const reply = await search(noCatalog, { q: 'tee' })
    assert.equal(reply.statusCode, 404)
    assert.equal(reply.json().code, 'CATALOG_NOT_CONFIGURED')
    assert.match(reply.json().message, /no catalog/)
  })
})
