import { test } from 'node:test'
import assert from 'node:assert/strict'
import { InvalidOptionError } from '@verity/core'
import { JOB_LEASE_MS_DEFAULT } from '../limits.ts'
import { readOrchestratorSettings } from './readOrchestratorSettings.ts'

test('--database-url / VERITY_DATABASE_URL select PostgreSQL (flag wins); anything but a postgres URL is refused', () => {
  assert.equal(readOrchestratorSettings([], {}).databaseUrl, undefined)
  assert.equal(readOrchestratorSettings([], { VERITY_DATABASE_URL: '' }).databaseUrl, undefined)
  const env = { VERITY_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/env' }
  assert.equal(readOrchestratorSettings([], env).databaseUrl, 'postgres://postgres@127.0.0.1:5432/env')
  assert.equal(readOrchestratorSettings(['--database-url', 'postgresql://u@h/flag'], env).databaseUrl, 'postgresql://u@h/flag')
  assert.throws(() => readOrchestratorSettings(['--database-url=mysql://h/db'], {}), InvalidOptionError)
  assert.throws(() => readOrchestratorSettings([], { VERITY_DATABASE_URL: 'orchestrator.sqlite' }), /expected a PostgreSQL URL/)
})

test('--job-lease / VERITY_JOB_LEASE is a duration', () => {
  assert.equal(readOrchestratorSettings([], {}).jobLeaseMs, JOB_LEASE_MS_DEFAULT)
  assert.equal(readOrchestratorSettings(['--job-lease', '5s'], {}).jobLeaseMs, 5_000)
  assert.equal(readOrchestratorSettings([], { VERITY_JOB_LEASE: '2m' }).jobLeaseMs, 120_000)
  assert.throws(() => readOrchestratorSettings(['--job-lease', 'soon'], {}), InvalidOptionError)
})

test('--storefront-* / VERITY_STOREFRONT_* set the embedded extractor\'s fetch guard (comma-separated lists)', () => {
  const defaults = readOrchestratorSettings([], {})
  assert.equal(defaults.storefrontHostsAllowed, undefined)
  assert.deepEqual(defaults.storefrontPortsAllowed, [80, 443])
  assert.deepEqual(defaults.storefrontPrivateAddressesAllowed, [])
  const set = readOrchestratorSettings(
    ['--storefront-hosts-allowed', 'shop.example, shop2.example', '--storefront-ports-allowed=443,8443', '--storefront-hosts-allowed=shop.example'],
    { VERITY_STOREFRONT_PRIVATE_ADDRESSES_ALLOWED: '10.1.0.0/16,127.0.0.1:8080' },
  )
  assert.deepEqual(set.storefrontHostsAllowed, ['shop.example'])
  assert.deepEqual(set.storefrontPortsAllowed, [443, 8443])
  assert.deepEqual(set.storefrontPrivateAddressesAllowed, ['10.1.0.0/16', '127.0.0.1:8080'])
  assert.deepEqual(readOrchestratorSettings(['--storefront-hosts-allowed', ''], {}).storefrontHostsAllowed, [])
  for (const ports of ['80,http', '0', '70000', '80,,443'])
    assert.throws(() => readOrchestratorSettings(['--storefront-ports-allowed', ports], {}), /option --storefront-ports-allowed=.*expected ports 1-65535 separated by commas/)
})
