import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SdlContent } from '@verity/ledger'
import { SdlMandateInvalidError } from '../errors/settlementErrors.ts'
import { SDL_MANDATE_PAYMENTS_MAX } from '../limits.ts'
import { SqliteBaseLayerStore } from '../store/sqlite/SqliteBaseLayerStore.ts'
import { verifySdlMandates } from './verifySdlMandates.ts'

test('an SDL with more than SDL_MANDATE_PAYMENTS_MAX mandate payments is refused, naming the first one over, before any bundle is verified', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-sdl-mandates-'))
  const store = new SqliteBaseLayerStore(join(dir, 'base-layer.sqlite'))
  try {
    const payment = { verifiable: { MandatePayment: { debited: 'a,1', credited: 'b,1', token: 'native', amount: 1n, proof_bundle: {} } }, state_diffs: [] }
    const content = { shard: 1, transactions: Array.from({ length: SDL_MANDATE_PAYMENTS_MAX + 1 }, () => payment) } as unknown as SdlContent
    const verifier = { verifyMandate: () => assert.fail('a bundle was verified') }
    await assert.rejects(verifySdlMandates(store, verifier, content), (error: unknown) => {
      assert.ok(error instanceof SdlMandateInvalidError)
      assert.equal(error.index, SDL_MANDATE_PAYMENTS_MAX)
      assert.match(error.message, /mandate payment refused \(LIMIT_EXCEEDED\): more than SDL_MANDATE_PAYMENTS_MAX/)
      return true
    })
  } finally {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  }
})
