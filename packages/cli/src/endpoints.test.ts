import assert from 'node:assert/strict'
import { test } from 'node:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEVNET_ENDPOINTS_FILE, writeDevnetEndpoints } from './devnetEndpoints.ts'
import { STORE_URL_DEFAULT, storeUrl, WEB_URL_DEFAULT, webUrl } from './endpoints.ts'

// verity checkout and verity mcp shop at the same business (issue 44 item 4): --business, else
// VERITY_STORE_URL, else the store `verity up` recorded in the data directory (a devnet with its own
// ports), else the demo store of `verity up` on its default port.
test('the store is --business, else VERITY_STORE_URL, else the one verity up recorded in the data directory, else the devnet demo store', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'verity-endpoints-'))
  try {
    const none = { VERITY_DATA_DIR: dataDir }
    assert.equal(storeUrl({}, none), STORE_URL_DEFAULT)
    writeDevnetEndpoints(dataDir, { store_url: 'http://127.0.0.1:38095' })
    const recorded = { VERITY_DATA_DIR: dataDir }
    assert.equal(storeUrl({}, recorded), 'http://127.0.0.1:38095')
    assert.equal(storeUrl({}, { ...recorded, VERITY_STORE_URL: 'http://127.0.0.1:28095' }), 'http://127.0.0.1:28095')
    assert.equal(storeUrl({ business: 'http://127.0.0.1:18095/' }, { ...recorded, VERITY_STORE_URL: 'http://127.0.0.1:28095' }), 'http://127.0.0.1:18095')
    // A devnet started without its store leaves none recorded.
    writeDevnetEndpoints(dataDir, undefined)
    assert.equal(storeUrl({}, recorded), STORE_URL_DEFAULT)
    // A file that is not verity up's is named, with what to do.
    writeFileSync(join(dataDir, DEVNET_ENDPOINTS_FILE), 'not json')
    assert.throws(() => storeUrl({}, recorded), /endpoints\.json is not what verity up writes .*remove it .* or pass --business/)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
})

test("the web wallet is VERITY_WEB_URL, else verity up's", () => {
  assert.equal(webUrl({ VERITY_WEB_URL: 'http://localhost:18000/' }), 'http://localhost:18000')
  assert.equal(webUrl({}), WEB_URL_DEFAULT)
})
