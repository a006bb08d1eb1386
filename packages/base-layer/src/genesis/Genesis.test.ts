import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ed25519Signer } from '@verity/core'
import { InvalidGenesisError } from '../errors/genesisErrors.ts'
import { loadGenesisFile, parseGenesis } from './Genesis.ts'
import { optionsTableMarkdown } from '@verity/server'
import { BASE_LAYER_OPTIONS } from '../config/baseLayerOptions.ts'
import { readBaseLayerOptions } from '../config/readBaseLayerOptions.ts'

test('a genesis funds owner ids and Ed25519 public keys, u64 balances exact', () => {
  const signer = Ed25519Signer.generate()
  const other = Ed25519Signer.generate()
  const pubKey = (signer.sign(new Uint8Array()) as { Ed25519: { pub_key: string } }).Ed25519.pub_key
  const genesis = parseGenesis({
    accounts: [
      { pub_key: pubKey, balance: 2n ** 64n - 2n },
      { owner_id: other.ownerId, balance: 5 },
      { owner_id: other.ownerId, balance: 1 },
    ],
  })
  assert.deepEqual(genesis, {
    accounts: [
      { ownerId: signer.ownerId, balance: 2n ** 64n - 2n },
      { ownerId: other.ownerId, balance: 6n },
    ],
    agreementActivationDelayMs: 2_000,
  })
})

test('a malformed genesis is refused naming the problem', () => {
  const cases: [unknown, RegExp][] = [
    [[], /expected an object/],
    [{ accounts: {} }, /"accounts" must be an array/],
    [{ accounts: [{ balance: 1 }] }, /accounts\[0\]: give exactly one of "owner_id" and "pub_key"/],
    [{ accounts: [{ owner_id: 'abc', balance: 1 }] }, /accounts\[0\].owner_id: expected base58 of 32 bytes/],
    [{ accounts: [{ pub_key: '1111', balance: 1 }] }, /accounts\[0\].pub_key/],
    [{ accounts: [{ owner_id: Ed25519Signer.generate().ownerId, balance: -1 }] }, /accounts\[0\].balance/],
    [{ accounts: [], agreement_activation_delay_ms: -5 }, /agreement_activation_delay_ms/],
    [{ acounts: [] }, /unknown key "acounts"/],
  ]
  for (const [json, message] of cases) assert.throws(() => parseGenesis(json), (error: unknown) => error instanceof InvalidGenesisError && message.test(error.message))
})

test('a genesis file is read with exact integers; a missing file is a clear error', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-genesis-'))
  try {
    const owner = Ed25519Signer.generate().ownerId
    const path = join(dir, 'genesis.json')
    writeFileSync(path, `{"accounts":[{"owner_id":"${owner}","balance":18446744073709551615}],"agreement_activation_delay_ms":10}`)
    assert.deepEqual(loadGenesisFile(path), { accounts: [{ ownerId: owner, balance: 2n ** 64n - 1n }], agreementActivationDelayMs: 10 })
    assert.throws(() => loadGenesisFile(join(dir, 'missing.json')), InvalidGenesisError)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('options: flags win over VERITY_BASE_LAYER_* variables, which win over defaults; old names still work', () => {
  assert.deepEqual(readBaseLayerOptions([], {}), { port: 9000, host: '127.0.0.1', dataDir: '.verity/base-layer', logLevel: 'info' })
  const deprecated: string[] = []
  const options = readBaseLayerOptions(['--port', '9100', '--genesis', 'g.json', '--crs', 'crs-dir'], {
    VERITY_BASE_LAYER_PORT: '9200',
    VERITY_BASE_LAYER_DATA_DIR: '/tmp/x',
    VERITY_AGREEMENT_ACTIVATION_DELAY_MS: '0',
    VERITY_LOG_LEVEL: 'silent',
  }, (line) => deprecated.push(line))
  assert.deepEqual(options, { port: 9100, host: '127.0.0.1', dataDir: '/tmp/x', genesisPath: 'g.json', agreementActivationDelayMs: 0, crsPath: 'crs-dir', logLevel: 'silent' })
  assert.deepEqual(deprecated, ['VERITY_AGREEMENT_ACTIVATION_DELAY_MS is deprecated: use VERITY_BASE_LAYER_ACTIVATION_DELAY_MS', '--crs is deprecated: use --crs-path'])
  assert.throws(() => readBaseLayerOptions(['--port', 'ninety']), /option --port="ninety": expected a whole number/)
  assert.throws(() => readBaseLayerOptions(['--prot', '1']), /option --prot: .*Unknown option/)
})

test('options: docs/operations.md lists every flag, variable and old name (the table written from BASE_LAYER_OPTIONS)', () => {
  const docs = readFileSync(new URL('../../../../docs/operations.md', import.meta.url), 'utf8')
  assert.ok(docs.includes(optionsTableMarkdown('base-layer', BASE_LAYER_OPTIONS)), 'regenerate the base-layer table of docs/operations.md')
})

test('options: --database-url / VERITY_DATABASE_URL selects PostgreSQL; anything but a postgres URL is refused', () => {
  const env = { VERITY_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/env' }
  assert.equal(readBaseLayerOptions([], env).databaseUrl, 'postgres://postgres@127.0.0.1:5432/env')
  assert.equal(readBaseLayerOptions(['--database-url', 'postgresql://u:p@db:5433/flag'], env).databaseUrl, 'postgresql://u:p@db:5433/flag')
  assert.equal(readBaseLayerOptions([], { VERITY_DATABASE_URL: '' }).databaseUrl, undefined)
  assert.throws(() => readBaseLayerOptions(['--database-url', 'mysql://db/x']), /option --database-url="mysql:\/\/db\/x": expected a PostgreSQL URL/)
  assert.throws(() => readBaseLayerOptions(['--database-url', 'not a url']), /option --database-url="not a url": expected a PostgreSQL URL/)
})
