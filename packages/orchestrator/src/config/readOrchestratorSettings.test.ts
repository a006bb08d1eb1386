import { test } from 'node:test'
import assert from 'node:assert/strict'
import { InvalidOptionError } from '../errors/configErrors.ts'
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
