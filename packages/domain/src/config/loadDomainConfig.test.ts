import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadDomainConfig, parseDomainConfig } from './loadDomainConfig.ts'
import { selectDatabaseUrl } from './selectDatabaseUrl.ts'

describe('loadDomainConfig', () => {
  test('reads the spec keys and ours, resolving paths against the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'verity-config-'))
    try {
      const path = join(dir, 'domain.yaml')
      writeFileSync(
        path,
        ['shard: 123', 'keypair: ./domain_key.json', 'rpc_url: http://127.0.0.1:9000', 'app:', '  api_port: 3001', 'data_dir: ./state',
          'guardrails:', '  - name: cap', '    template_file: guardrails/cap.template', '    intent: { max: 5 }', 'prover:', '  threads: 1', '  workers: 2'].join('\n'),
      )
      const config = loadDomainConfig(path)
      assert.equal(config.shard, 123)
      assert.equal(config.keypairPath, join(dir, 'domain_key.json'))
      assert.equal(config.rpcUrl, 'http://127.0.0.1:9000')
      assert.equal(config.apiPort, 3001)
      assert.equal(config.dataDir, join(dir, 'state'))
      assert.deepEqual(config.guardrails, [{ name: 'cap', templateFile: join(dir, 'guardrails/cap.template'), intent: { max: 5 } }])
      assert.deepEqual(config.prover, { threads: 1, workers: 2 })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('defaults: port 3000, embedded base layer, no guardrails', () => {
    const config = parseDomainConfig({ shard: 1, keypair: 'k.json' }, { path: 'domain.yaml', baseDir: '/srv' })
    assert.equal(config.apiPort, 3000)
    assert.equal(config.rpcUrl, undefined)
    assert.deepEqual(config.guardrails, [])
  })

  test('keypair may hold the base58 secret key itself', () => {
    const key = '4ayE9gE3YRyppzKbQbkzkRx7eokRkNFUfp4UjJ7k9Wfd'
    const config = parseDomainConfig({ shard: 1, keypair: key }, { path: 'domain.yaml', baseDir: '/srv' })
    assert.equal(config.keypairInline, key)
    assert.equal(parseDomainConfig({ shard: 1, keypair: './key.json' }, { path: 'domain.yaml', baseDir: '/srv' }).keypairInline, undefined)
  })

  test('bad values name the key', () => {
    const where = { path: 'domain.yaml', baseDir: '/srv' }
    assert.throws(() => parseDomainConfig({ shard: 0, keypair: 'k' }, where), /`shard` must be an integer ≥ 1/)
    assert.throws(() => parseDomainConfig({ shard: 1 }, where), /`keypair`/)
    assert.throws(() => parseDomainConfig({ shard: 1, keypair: 'k', rpc_url: 'ftp://x' }, where), /`rpc_url`/)
    assert.throws(() => parseDomainConfig({ shard: 1, keypair: 'k', app: { api_port: 70000 } }, where), /api_port/)
    assert.throws(() => parseDomainConfig({ shard: 1, keypair: 'k', guardrails: [{ name: 'a' }] }, where), /guardrails\[0\]/)
    assert.throws(() => loadDomainConfig('/nonexistent/domain.yaml'), /cannot read/)
  })

  test('database_url selects PostgreSQL; --database-url wins over VERITY_DATABASE_URL, which wins over the file', () => {
    const where = { path: 'domain.yaml', baseDir: '/srv' }
    const file = 'postgres://postgres@db:5432/file'
    assert.equal(parseDomainConfig({ shard: 1, keypair: 'k', database_url: file }, where).databaseUrl, file)
    assert.equal(parseDomainConfig({ shard: 1, keypair: 'k' }, where).databaseUrl, undefined)
    assert.throws(() => parseDomainConfig({ shard: 1, keypair: 'k', database_url: 'mysql://x/y' }, where), /option domain.yaml: `database_url` must be a postgres:\/\/ or postgresql:\/\/ URL, got mysql:/)
    assert.throws(() => parseDomainConfig({ shard: 1, keypair: 'k', database_url: 5 }, where), /`database_url`/)
    assert.equal(parseDomainConfig({ shard: 1, keypair: 'k', database_url: file, proving_workers: true }, where).provingWorkers, true)
    assert.throws(() => parseDomainConfig({ shard: 1, keypair: 'k', proving_workers: 'yes' }, where), /`proving_workers` must be true or false/)
    assert.throws(() => parseDomainConfig({ shard: 1, keypair: 'k', prover: { workers: 0 } }, where), /`prover.workers` must be an integer from 1 to 16/)
    assert.equal(parseDomainConfig({ shard: 1, keypair: 'k', signature_verify_workers: 2 }, where).signatureVerifyWorkers, 2)
    assert.equal(parseDomainConfig({ shard: 1, keypair: 'k', signature_verify_workers: 0 }, where).signatureVerifyWorkers, 0)
    assert.equal(parseDomainConfig({ shard: 1, keypair: 'k' }, where).signatureVerifyWorkers, undefined)
    for (const bad of [17, -1, 1.5, '2'])
      assert.throws(() => parseDomainConfig({ shard: 1, keypair: 'k', signature_verify_workers: bad }, where), /`signature_verify_workers` must be an integer from 0 to 16/)
    const env = { VERITY_DATABASE_URL: 'postgresql://postgres@db:5432/env' }
    assert.equal(selectDatabaseUrl({ option: 'postgres://postgres@db:5432/flag', env, config: file }), 'postgres://postgres@db:5432/flag')
    assert.equal(selectDatabaseUrl({ env, config: file }), env.VERITY_DATABASE_URL)
    assert.equal(selectDatabaseUrl({ env: { VERITY_DATABASE_URL: '' }, config: file }), file)
    assert.equal(selectDatabaseUrl({ env: {} }), undefined)
    assert.throws(() => selectDatabaseUrl({ env: { VERITY_DATABASE_URL: 'not a url' } }), /option VERITY_DATABASE_URL: `database_url` must be a URL/)
  })
})
