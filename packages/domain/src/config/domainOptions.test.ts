import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { optionsTableMarkdown } from '@verity/server'
import { DOMAIN_OPTIONS, readDomainOptions } from './domainOptions.ts'
import { selectDatabaseUrl } from './selectDatabaseUrl.ts'

test('verity domain options: flags win over VERITY_DOMAIN_* variables; VERITY_DATABASE_URL is the deprecated old name', () => {
  assert.deepEqual(readDomainOptions([], {}), { configPath: 'domain.yaml' })
  const lines: string[] = []
  const read = readDomainOptions(['--config', 'd.yaml', '--port=3100'], { VERITY_DOMAIN_PORT: '3200', VERITY_DOMAIN_DATA_DIR: '/srv/d', VERITY_DATABASE_URL: 'postgres://u@127.0.0.1/old' }, (line) => lines.push(line))
  assert.deepEqual(read, { configPath: 'd.yaml', port: 3100, dataDir: '/srv/d', databaseUrl: 'postgres://u@127.0.0.1/old' })
  assert.deepEqual(lines, ['VERITY_DATABASE_URL is deprecated: use VERITY_DOMAIN_DATABASE_URL'])
  assert.throws(() => readDomainOptions(['--port', 'x'], {}), /option --port="x": expected a whole number/)
  assert.throws(() => readDomainOptions(['--shard', '2'], {}), /option --shard: .*Unknown option/)
  // The store's one setting reads the same variables, the domain's own first.
  const env = { VERITY_DOMAIN_DATABASE_URL: 'postgres://u@127.0.0.1/new', VERITY_DATABASE_URL: 'postgres://u@127.0.0.1/old' }
  assert.equal(selectDatabaseUrl({ env }), 'postgres://u@127.0.0.1/new')
  assert.throws(() => selectDatabaseUrl({ env: { VERITY_DOMAIN_DATABASE_URL: 'sqlite' } }), /option VERITY_DOMAIN_DATABASE_URL: /)
})

test('docs/operations.md lists every domain option, variable and old name (the table written from DOMAIN_OPTIONS)', () => {
  const docs = readFileSync(new URL('../../../../docs/operations.md', import.meta.url), 'utf8')
  assert.ok(docs.includes(optionsTableMarkdown('domain', DOMAIN_OPTIONS)), 'regenerate the domain table of docs/operations.md')
})
