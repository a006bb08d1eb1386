import assert from 'node:assert/strict'
import { test } from 'node:test'
import { STORE_URL_DEFAULT, storeUrl, WEB_URL_DEFAULT, webUrl } from './endpoints.ts'

// verity checkout and verity mcp shop at the same business (issue 44 item 4): --business, else
// VERITY_STORE_URL (a devnet with its own ports), else the demo store of `verity up`.
test('the store is --business, else VERITY_STORE_URL, else the devnet demo store', () => {
  assert.equal(storeUrl({ business: 'http://127.0.0.1:18095/' }, { VERITY_STORE_URL: 'http://127.0.0.1:28095' }), 'http://127.0.0.1:18095')
  assert.equal(storeUrl({}, { VERITY_STORE_URL: 'http://127.0.0.1:28095' }), 'http://127.0.0.1:28095')
  assert.equal(storeUrl({}, {}), STORE_URL_DEFAULT)
})

test("the web wallet is VERITY_WEB_URL, else verity up's", () => {
  assert.equal(webUrl({ VERITY_WEB_URL: 'http://localhost:18000/' }), 'http://localhost:18000')
  assert.equal(webUrl({}), WEB_URL_DEFAULT)
})
