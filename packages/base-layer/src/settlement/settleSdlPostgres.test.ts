// Settlement end to end on PostgreSQL with the shared proven fixture (no new proofs): two nodes
// on one database, one started with --database-url and served over HTTP, one embedded; both
// race to settle the same SDL; credits cross shards through the other node; a node opened later
// (a restart on another machine) finds everything.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer } from '@verity/core'
import { jsonValue } from '@verity/ledger'
import { HttpBaseLayerClient } from '../client/HttpBaseLayerClient.ts'
import { InProcessBaseLayerClient } from '../client/InProcessBaseLayerClient.ts'
import { signAgreementRequest, signSdlSubmission } from '../client/signRequests.ts'
import { startBaseLayer } from '../startBaseLayer.ts'
import { PostgresBaseLayerStore } from '../store/postgres/PostgresBaseLayerStore.ts'
import { loadSdlFixture, type ProvenSdl, type SdlFixture } from '../testing/buildSdlFixture.ts'
import { assertPostgresReachable, createTestDatabase, type TestDatabase } from '@verity/postgres'
import { openTestNode } from '../testing/openTestNode.ts'
import { ProverSdlVerifier } from './ProverSdlVerifier.ts'

let fixture: SdlFixture
let database: TestDatabase | undefined
const verifier = new ProverSdlVerifier()
const operator1 = Ed25519Signer.generate()
const operator2 = Ed25519Signer.generate()
const funded = [
  { ownerId: operator1.ownerId, balance: 1_000_000n },
  { ownerId: operator2.ownerId, balance: 1_000_000n },
]
const submission = (signer: Ed25519Signer, sdl: ProvenSdl) => signSdlSubmission(signer, { content: jsonValue(sdl.content), proofs: sdl.proofs })

before(async () => {
  fixture = await loadSdlFixture()
  database = await createTestDatabase()
})
after(async () => {
  await verifier.close()
  await database?.drop()
})

test('PostgreSQL is reachable (CI runs it; these tests fail without it, never skip)', async () => {
  await assertPostgresReachable()
})

test('two nodes on one PostgreSQL database settle a raced SDL once; a later node sees it all', async () => {
  const url = database!.url
  const served = await startBaseLayer({
    argv: ['--port', '0', '--database-url', url],
    env: { VERITY_LOG_LEVEL: 'silent' },
    genesis: { accounts: funded, agreementActivationDelayMs: 0 },
  })
  const embedded = await openTestNode({ databaseUrl: url, funded, verifier, activationDelayMs: 0 })
  const http = new HttpBaseLayerClient(served.url, { timeoutMs: 120_000 })
  const inProcess = new InProcessBaseLayerClient(embedded.node)
  try {
    await inProcess.submitAgreement(signAgreementRequest(operator1, { shard: 1, guardrail_program_ids: [], nonce: 1n }))
    await http.submitAgreement(signAgreementRequest(operator2, { shard: 2, guardrail_program_ids: [], nonce: 1n }))
    assert.equal((await http.getAgreement(1))?.operator_owner_id, operator1.ownerId)

    // Both nodes verify the proof, then commit; the store lets exactly one commit sequence 1.
    const raced = await Promise.all([http.submitSdl(submission(operator1, fixture.sdl1)), inProcess.submitSdl(submission(operator1, fixture.sdl1))])
    const applied = raced.filter((result) => result.status === 'applied')
    const refused = raced.filter((result) => result.status === 'failed')
    assert.equal(applied.length, 1, JSON.stringify(raced.map((result) => (result.status === 'failed' ? result.reason : result.status))))
    assert.equal(refused.length, 1)
    assert.ok(refused[0]!.status === 'failed' && ['SDL_ALREADY_APPLIED', 'SDL_OUT_OF_ORDER'].includes(refused[0]!.code))
    const hash1 = applied[0]!.hash!
    assert.equal((await http.getShard(1)).sequence, 1n)
    assert.equal((await inProcess.getSdlStatus(hash1)).status, 'applied')
    assert.deepEqual((await http.pullCredits(2, 0n)).credits.map((credit) => credit.state_diff), [fixture.credit])

    // Shard 2 settles the credit through the other node.
    const settled2 = await http.submitSdl(submission(operator2, fixture.sdl2))
    assert.equal(settled2.status, 'applied')
    for (const [address, vault] of fixture.shard2.vaults) assert.deepEqual(await inProcess.getVault(address), vault, address)
    assert.equal((await inProcess.pullCredits(2, 0n)).consumed_cursor, 1n)
  } finally {
    await served.close()
    await embedded.close()
  }

  // Everything lives in the database: a node opened afterwards (anywhere) has all of it.
  const later = await PostgresBaseLayerStore.open(url)
  try {
    assert.equal((await later.getShard(1)).sequence, 1n)
    assert.equal((await later.getShard(1)).root, fixture.sdl1.content.root_after)
    assert.equal((await later.getShard(2)).creditsConsumed, 1n)
    for (const [address, vault] of fixture.shard1.vaults) assert.deepEqual(await later.getVault(address), vault, address)
    for (const [address, vault] of fixture.shard2.vaults) assert.deepEqual(await later.getVault(address), vault, address)
    assert.equal((await later.getAccount(operator1.ownerId))?.nonceLast, 1n)
    assert.ok((await later.listSlotKeys(1)).length > 0)
  } finally {
    await later.close()
  }
})
