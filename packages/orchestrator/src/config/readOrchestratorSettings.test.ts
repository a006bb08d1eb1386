import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { InvalidOptionError } from '@verity/core'
import { optionsTableMarkdown } from '@verity/server'
import { JOB_LEASE_MS_DEFAULT } from '../limits.ts'
import { ORCHESTRATOR_OPTIONS, readOrchestratorSettings } from './readOrchestratorSettings.ts'

test('--database-url / VERITY_ORCHESTRATOR_DATABASE_URL select PostgreSQL (flag wins); anything but a postgres URL is refused', () => {
  assert.equal(readOrchestratorSettings([], {}).databaseUrl, undefined)
  assert.equal(readOrchestratorSettings([], { VERITY_ORCHESTRATOR_DATABASE_URL: '' }).databaseUrl, undefined)
  const env = { VERITY_ORCHESTRATOR_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/env' }
  assert.equal(readOrchestratorSettings([], env).databaseUrl, 'postgres://postgres@127.0.0.1:5432/env')
  assert.equal(readOrchestratorSettings(['--database-url', 'postgresql://u@h/flag'], env).databaseUrl, 'postgresql://u@h/flag')
  assert.throws(() => readOrchestratorSettings(['--database-url=mysql://h/db'], {}), InvalidOptionError)
  assert.throws(() => readOrchestratorSettings([], { VERITY_ORCHESTRATOR_DATABASE_URL: 'orchestrator.sqlite' }), /VERITY_ORCHESTRATOR_DATABASE_URL="orchestrator.sqlite": expected a PostgreSQL URL/)
})

test('--job-lease-ms / VERITY_ORCHESTRATOR_JOB_LEASE_MS is whole milliseconds', () => {
  assert.equal(readOrchestratorSettings([], {}).jobLeaseMs, JOB_LEASE_MS_DEFAULT)
  assert.equal(readOrchestratorSettings(['--job-lease-ms', '5000'], {}).jobLeaseMs, 5_000)
  assert.equal(readOrchestratorSettings([], { VERITY_ORCHESTRATOR_JOB_LEASE_MS: '120000' }).jobLeaseMs, 120_000)
  assert.throws(() => readOrchestratorSettings(['--job-lease-ms', 'soon'], {}), InvalidOptionError)
  assert.throws(() => readOrchestratorSettings(['--job-lease-ms', '5s'], {}), /expected a whole number of milliseconds/)
})

test('the old names (--job-lease 5s, VERITY_PORT, VERITY_INTENT_TTL=24h) still work and are reported as deprecated', () => {
  const lines: string[] = []
  const settings = readOrchestratorSettings(['--job-lease', '5s', '--rate-limit-window=1m'], { VERITY_PORT: '8181', VERITY_INTENT_TTL: '24h' }, (line) => lines.push(line))
  assert.equal(settings.jobLeaseMs, 5_000)
  assert.equal(settings.rateLimitWindowMs, 60_000)
  assert.equal(settings.port, 8181)
  assert.equal(settings.intentTtlMs, 86_400_000)
  assert.deepEqual(lines, [
    'VERITY_PORT is deprecated: use VERITY_ORCHESTRATOR_PORT',
    'VERITY_INTENT_TTL is deprecated: use VERITY_ORCHESTRATOR_INTENT_TTL_MS',
    '--job-lease is deprecated: use --job-lease-ms',
    '--rate-limit-window is deprecated: use --rate-limit-window-ms',
  ])
  assert.equal(readOrchestratorSettings(['--port', '1'], { VERITY_ORCHESTRATOR_PORT: '2', VERITY_PORT: '3' }).port, 1)
  assert.equal(readOrchestratorSettings([], { VERITY_ORCHESTRATOR_PORT: '2', VERITY_PORT: '3' }).port, 2)
  assert.throws(() => readOrchestratorSettings(['--no-such-option'], {}), /option --no-such-option: .*Unknown option/)
})

test("--storefront-* / VERITY_ORCHESTRATOR_STOREFRONT_* set the embedded extractor's fetch guard (comma-separated lists)", () => {
  const defaults = readOrchestratorSettings([], {})
  assert.equal(defaults.storefrontHostsAllowed, undefined)
  assert.deepEqual(defaults.storefrontPortsAllowed, [80, 443])
  assert.deepEqual(defaults.storefrontPrivateAddressesAllowed, [])
  const set = readOrchestratorSettings(
    ['--storefront-hosts-allowed', 'shop.example, shop2.example', '--storefront-ports-allowed=443,8443', '--storefront-hosts-allowed=shop.example'],
    { VERITY_ORCHESTRATOR_STOREFRONT_PRIVATE_ADDRESSES_ALLOWED: '10.1.0.0/16,127.0.0.1:8080' },
  )
  assert.deepEqual(set.storefrontHostsAllowed, ['shop.example'])
  assert.deepEqual(set.storefrontPortsAllowed, [443, 8443])
  assert.deepEqual(set.storefrontPrivateAddressesAllowed, ['10.1.0.0/16', '127.0.0.1:8080'])
  assert.deepEqual(readOrchestratorSettings(['--storefront-hosts-allowed', ''], {}).storefrontHostsAllowed, [])
  for (const ports of ['80,http', '0', '70000', '80,,443'])
    assert.throws(() => readOrchestratorSettings(['--storefront-ports-allowed', ports], {}), /option --storefront-ports-allowed=.*expected ports 1-65535 separated by commas/)
})

test('docs/operations.md lists every option, variable and old name (the table written from ORCHESTRATOR_OPTIONS)', () => {
  const docs = readFileSync(new URL('../../../../docs/operations.md', import.meta.url), 'utf8')
  assert.ok(docs.includes(optionsTableMarkdown('orchestrator', ORCHESTRATOR_OPTIONS)), 'regenerate the orchestrator table of docs/operations.md')
})

test('--prover-threads is unset by default (the prover divides the cores among its workers: a lone proof uses them all)', () => {
  assert.equal(readOrchestratorSettings([], {}).proverThreads, undefined)
  assert.equal(readOrchestratorSettings(['--prover-threads', '3'], {}).proverThreads, 3)
  assert.equal(readOrchestratorSettings([], { VERITY_ORCHESTRATOR_PROVER_THREADS: '1' }).proverThreads, 1)
})
