import { test } from 'node:test'
import assert from 'node:assert/strict'
import { StoreSchemaTooNewError } from './StoreSchemaTooNewError.ts'
import { StoreUnavailableError } from './StoreUnavailableError.ts'

// Each service kept the wording it had before the errors moved here: these are the exact messages.
test('StoreUnavailableError keeps each service\'s message', () => {
  const fields = { backend: 'postgres', target: 'postgres://u:***@h/db', reason: 'refused' } as const
  assert.equal(new StoreUnavailableError({ ...fields, service: 'base layer' }).message, 'postgres store at postgres://u:***@h/db is unavailable: refused')
  assert.equal(new StoreUnavailableError({ ...fields, service: 'domain' }).message, 'postgres store at postgres://u:***@h/db is unavailable: refused')
  assert.equal(new StoreUnavailableError({ ...fields, service: 'orchestrator' }).message, 'cannot open the postgres store at postgres://u:***@h/db: refused')
  assert.equal(new StoreUnavailableError({ ...fields, service: 'domain' }).code, 'STORE_UNAVAILABLE')
})

test('StoreSchemaTooNewError keeps each service\'s message', () => {
  const fields = { backend: 'sqlite', versionFound: 9, versionKnown: 3 } as const
  assert.equal(
    new StoreSchemaTooNewError({ ...fields, service: 'base layer' }).message,
    'sqlite store has schema version 9, newer than 3 (the latest this build knows): run a newer base layer, or point this one at another database',
  )
  assert.equal(
    new StoreSchemaTooNewError({ ...fields, service: 'domain' }).message,
    'sqlite domain store has schema version 9, newer than 3 (the latest this build knows): run a newer domain, or point this one at another database',
  )
  assert.equal(
    new StoreSchemaTooNewError({ ...fields, service: 'orchestrator' }).message,
    'the sqlite store has schema version 9, this build knows up to 3; run a newer orchestrator',
  )
  assert.equal(new StoreSchemaTooNewError({ ...fields, service: 'orchestrator' }).code, 'STORE_SCHEMA_TOO_NEW')
})
