import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { optionsTableMarkdown } from '@verity/server'
import { EXTRACTOR_OPTIONS, readExtractorOptions } from './extractorOptions.ts'

test('verity extractor options: flags win over VERITY_EXTRACTOR_* variables; lists are comma-separated', () => {
  assert.deepEqual(readExtractorOptions([], {}), {})
  const read = readExtractorOptions(['--port', '8091', '--storefront-hosts-allowed', 'shop.example, b.example', '--storefront-ports-allowed=443,8443'], {
    VERITY_EXTRACTOR_PORT: '1',
    VERITY_EXTRACTOR_KEY_FILE: '/keys/extractor.json',
    VERITY_EXTRACTOR_STOREFRONT_PRIVATE_ADDRESSES_ALLOWED: '127.0.0.1:8080',
  })
  assert.deepEqual(read, {
    port: 8091,
    keyFile: '/keys/extractor.json',
    storefrontHostsAllowed: ['shop.example', 'b.example'],
    storefrontPortsAllowed: [443, 8443],
    storefrontPrivateAddressesAllowed: ['127.0.0.1:8080'],
  })
  assert.throws(() => readExtractorOptions(['--storefront-ports-allowed', '80,http'], {}), /option --storefront-ports-allowed="80,http": expected ports 1-65535/)
  assert.throws(() => readExtractorOptions(['--catalogue', 'x.json'], {}), /option --catalogue: .*Unknown option/)
})

test('docs/operations.md lists every extractor option and variable (the table written from EXTRACTOR_OPTIONS)', () => {
  const docs = readFileSync(new URL('../../../../docs/operations.md', import.meta.url), 'utf8')
  assert.ok(docs.includes(optionsTableMarkdown('extractor', EXTRACTOR_OPTIONS)), 'regenerate the extractor table of docs/operations.md')
})
