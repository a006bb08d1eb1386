// A domain whose store holds SDLs sealed by an earlier Verity (a stored witness of another input
// layout of the SDL circuit: here, one naming none) and not yet applied on the base layer refuses
// to start with SDL_WITNESS_FORMAT, naming them and what to do; once they are applied, it starts.
// On SQLite and on PostgreSQL: the store reads the witness's format, each backend in its own SQL.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { Ed25519Signer, isVerityError } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import { SDL_WITNESS_FORMAT } from '@verity/prover'
import { assertPostgresReachable, createTestDatabase, type TestDatabase } from '@verity/postgres'
import { SdlWitnessFormatError } from '../errors/domainErrors.ts'
import { SDL_WITNESS_FORMAT_CHECK_SDLS_MAX, SDL_WITNESS_FORMAT_HASHES_SHOWN } from '../limits.ts'
import { domainDatabasePath, openDomainStore } from '../store/openDomainStore.ts'
import type { SdlWitnessFormat } from '../store/DomainStore.ts'
import { startTestDomain, type TestDomain, type TestDomainOptions } from '../testing/startTestDomain.ts'
import { assertSdlWitnessFormats } from './assertSdlWitnessFormats.ts'

const SHARD = 7

type Backend = {
  name: string
  options(): Pick<TestDomainOptions, 'databaseUrl'>
  /** removes `format` from the SDL's stored witness, as an earlier Verity stored it */
  stripFormat(dir: string, hash: string): Promise<void>
}

const sqlite: Backend = {
  name: 'SQLite',
  options: () => ({}),
  async stripFormat(dir, hash) {
    const db = new Database(domainDatabasePath(join(dir, 'data')))
    try {
      assert.equal(db.prepare(`UPDATE sdls SET witness = json_remove(witness, '$.format') WHERE hash = ?`).run(hash).changes, 1)
    } finally {
      db.close()
    }
  },
}

let database: TestDatabase | undefined
const postgres: Backend = {
  name: 'PostgreSQL',
  options: () => ({ databaseUrl: database!.url }),
  async stripFormat(_dir, hash) {
    const client = new pg.Client({ connectionString: database!.url })
    await client.connect()
    try {
      const { rowCount } = await client.query(`UPDATE domain_sdls SET witness = (witness::jsonb - 'format')::text WHERE shard = $1 AND hash = $2`, [SHARD, hash])
      assert.equal(rowCount, 1)
    } finally {
      await client.end()
    }
  },
}

test('PostgreSQL is reachable (CI runs it; these tests fail without it, never skip)', async () => {
  await assertPostgresReachable()
})

before(async () => {
  database = await createTestDatabase()
})
after(async () => {
  await database?.drop()
})

for (const backend of [sqlite, postgres]) {
  describe(`startup with SDLs of an earlier SDL circuit (${backend.name})`, () => {
    test('an unsettled SDL whose witness names no format: refused with SDL_WITNESS_FORMAT; once applied: starts', async () => {
      const first = await startTestDomain({ shard: SHARD, ...backend.options() })
      const { dir } = first
      const restarts: TestDomain[] = []
      const restart = async () => {
        const domain = await startTestDomain({ shard: SHARD, dir, ...backend.options() })
        restarts.push(domain)
        return domain
      }
      try {
        const mint = signVerifiable(Ed25519Signer.generate(), 'FungibleTokenMint', {
          new_nonce: 1n,
          shard: SHARD,
          operation: { Create: { metadata: { name: 'W', symbol: 'W' }, credited: [{ address: first.addressOf(first.operator), amount: 1n }] } },
        })
        assert.equal((await first.post('/intents/execute', [jsonValue(mint)])).status, 200)
        const submitted = await first.post('/sdls/submit', {})
        assert.equal(submitted.status, 200, JSON.stringify(submitted.body))
        const hash = submitted.body as string
        await first.stop()

        // Sealed by this version (its witness names SDL_WITNESS_FORMAT): starts, though not settled.
        const again = await restart()
        assert.equal((await again.get(`/sdls/${hash}`)).body, 'Submitted')
        await again.stop()

        await backend.stripFormat(dir, hash)
        await assert.rejects(
          restart(),
          (error: unknown) => {
            assert.ok(error instanceof SdlWitnessFormatError, String(error))
            assert.equal(error.code, 'SDL_WITNESS_FORMAT')
            assert.match(error.message, new RegExp(`^1 SDL\\(s\\) sealed by an earlier Verity are not applied on the base layer yet \\(first: ${hash}\\)`))
            assert.match(error.message, new RegExp(`"${SDL_WITNESS_FORMAT}"`))
            assert.match(error.message, /Run verity upgrade first \(verity upgrade --data-dir DIR, or --database-url URL on PostgreSQL; --dry-run shows what it does\)/)
            assert.match(error.message, /Where it refuses one, settle them with the previous version first: stop sealing new SDLs .* prove and submit the pending ones .* then upgrade/)
            return true
          },
        )

        // Refused before anything was written: the store opens again, and once the SDL is applied the domain starts.
        const store = await openDomainStore({ dataDir: join(dir, 'data'), shard: SHARD, ...backend.options() })
        try {
          await store.updateSdl(hash, { state: 'BaseLayerApplied' })
        } finally {
          await store.close()
        }
        const settled = await restart()
        assert.equal((await settled.get(`/sdls/${hash}`)).body, 'BaseLayerApplied')
        await settled.stop()
      } finally {
        for (const domain of restarts) await domain.stop()
        await first.cleanup()
      }
    })
  })
}

describe('assertSdlWitnessFormats', () => {
  const row = (hash: string, seq: number, witnessFormat: string | null): SdlWitnessFormat => ({ hash, seq, state: 'Submitted', witnessFormat, createdAtMs: 0, updatedAtMs: 0 })
  const storeOf = (rows: SdlWitnessFormat[]) => ({
    listSdlWitnessFormats: async (states: readonly string[], limit: number) => {
      assert.deepEqual(states, ['Submitted', 'Proving', 'Proven', 'ProvingFailed', 'ProofSubmitted'])
      assert.equal(limit, SDL_WITNESS_FORMAT_CHECK_SDLS_MAX)
      return rows.slice(0, limit)
    },
  })

  test('no unsettled SDL, or only SDLs of this format: passes', async () => {
    await assertSdlWitnessFormats(storeOf([]))
    await assertSdlWitnessFormats(storeOf([row('a', 1, SDL_WITNESS_FORMAT), row('b', 2, SDL_WITNESS_FORMAT)]))
  })

  test('counts every SDL of another format (or none), names the first few, and says "or more" when the check hit its limit', async () => {
    const rows = [row('a', 1, null), row('b', 2, 'sdl-older/0'), row('c', 3, SDL_WITNESS_FORMAT), row('d', 4, null), row('e', 5, null)]
    await assert.rejects(assertSdlWitnessFormats(storeOf(rows)), (error: unknown) => {
      assert.ok(isVerityError(error) && error.code === 'SDL_WITNESS_FORMAT')
      assert.deepEqual((error as SdlWitnessFormatError).fields.hashes, ['a', 'b', 'd'].slice(0, SDL_WITNESS_FORMAT_HASHES_SHOWN))
      assert.match(error.message, /^4 SDL\(s\) sealed by an earlier Verity/)
      return true
    })
    const full = Array.from({ length: SDL_WITNESS_FORMAT_CHECK_SDLS_MAX + 5 }, (_, index) => row(`h${index}`, index + 1, null))
    await assert.rejects(assertSdlWitnessFormats(storeOf(full)), (error: Error) => error.message.startsWith(`${SDL_WITNESS_FORMAT_CHECK_SDLS_MAX} or more SDL(s) `))
  })
})
