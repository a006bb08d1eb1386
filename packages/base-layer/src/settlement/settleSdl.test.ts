// Settlement with real SDL proofs (shared fixture, see testing/buildSdlFixture.ts), over both
// transports, plus cross-shard credits across a restart and kill -9 durability.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { Ed25519Signer, formatAddress } from '@verity/core'
import { jsonValue, sdlHash, type SdlContent } from '@verity/ledger'
import { createCircuitProver, loadCircuit } from '@verity/prover'
import type { BaseLayerClient } from '../client/BaseLayerClient.ts'
import { HttpBaseLayerClient } from '../client/HttpBaseLayerClient.ts'
import { signAgreementRequest, signSdlSubmission } from '../client/signRequests.ts'
import { loadSdlFixture, type ProvenSdl, type SdlFixture } from '../testing/buildSdlFixture.ts'
import { openTestNode, openTransport, transportNames, type TestNode } from '../testing/openTestNode.ts'
import { ProverSdlVerifier } from './ProverSdlVerifier.ts'

let fixture: SdlFixture
const verifier = new ProverSdlVerifier()
const operator1 = Ed25519Signer.generate()
const operator2 = Ed25519Signer.generate()
const funded = [
  { ownerId: operator1.ownerId, balance: 1_000_000n },
  { ownerId: operator2.ownerId, balance: 1_000_000n },
]

before(async () => {
  fixture = await loadSdlFixture()
})
after(async () => {
  await verifier.close()
})

const submission = (signer: Ed25519Signer, sdl: ProvenSdl, content: SdlContent = sdl.content) =>
  signSdlSubmission(signer, { content: jsonValue(content), proofs: sdl.proofs })

async function registerBothShards(client: BaseLayerClient, testNode: TestNode): Promise<void> {
  await client.submitAgreement(signAgreementRequest(operator1, { shard: 1, guardrail_program_ids: [], nonce: 1n }))
  await client.submitAgreement(signAgreementRequest(operator2, { shard: 2, guardrail_program_ids: [], nonce: 1n }))
  testNode.clock.advance(testNode.node.activationDelayMs)
}

/** Everything a refused SDL must leave unchanged. */
async function observable(client: BaseLayerClient) {
  return {
    shard1: await client.getShard(1),
    shard2: await client.getShard(2),
    alice: await client.getVault(formatAddress(fixture.alice.ownerId, 1)),
    mint: await client.getVault(fixture.tokenId),
    credits: await client.pullCredits(2, 0n),
  }
}

for (const transportName of transportNames) {
  describe(`settlement (${transportName})`, () => {
    test('refusals change nothing; a valid SDL applies and matches the domain-side view; a replay is refused', async () => {
      const testNode = await openTestNode({ funded, verifier })
      const transport = await openTransport(transportName, testNode.node)
      const { client } = transport
      try {
        const sdl1 = fixture.sdl1
        const initial = await observable(client)
        const refuse = async (sdl: ReturnType<typeof submission>, code: string, reason: RegExp) => {
          const result = await client.submitSdl(sdl)
          assert.equal(result.status, 'failed', `expected ${code}`)
          assert.equal(result.status === 'failed' && result.code, code)
          assert.match(result.status === 'failed' ? result.reason : '', reason)
          assert.deepEqual(await observable(client), initial)
        }

        await refuse(submission(operator1, sdl1), 'AGREEMENT_NOT_FOUND', /no domain agreement for shard 1/)
        await client.submitAgreement(signAgreementRequest(operator1, { shard: 1, guardrail_program_ids: [], nonce: 1n }))
        await client.submitAgreement(signAgreementRequest(operator2, { shard: 2, guardrail_program_ids: [], nonce: 1n }))
        await refuse(submission(operator1, sdl1), 'AGREEMENT_NOT_ACTIVE', /not active yet/)
        testNode.clock.advance(testNode.node.activationDelayMs)

        await refuse(submission(operator2, sdl1), 'NOT_OPERATOR', /is not the operator of shard 1/)
        const signed = submission(operator1, sdl1)
        await refuse({ ...signed, content: jsonValue({ ...sdl1.content, root_after: sdl1.content.root_before }) }, 'INVALID_SIGNATURE', /invalid signature/)
        await refuse({ ...signed, hash: sdlHash(fixture.sdl2.content) }, 'SDL_HASH_MISMATCH', /does not match its content/)
        await refuse(submission(operator1, sdl1, { ...sdl1.content, root_after: fixture.sdl2.content.root_after }), 'SDL_PROOF_INVALID', /public inputs do not match/)
        // Another SDL's proofs: too few for this one (it has more slots than one batch proof takes), or the wrong public inputs.
        await refuse(submission(operator1, { content: sdl1.content, proofs: fixture.sdl2.proofs }), 'SDL_PROOF_INVALID', /public inputs do not match|expected \d+ batch proofs, got \d+/)
        await refuse(submission(operator1, sdl1, { ...sdl1.content, sequence: 2 }), 'SDL_OUT_OF_ORDER', /expected 1/)
        await refuse(submission(operator1, sdl1, { ...sdl1.content, previous_hash: '11111111111111111111111111111111' }), 'SDL_PREVIOUS_HASH_MISMATCH', /previous hash/)
        const forged = structuredClone(sdl1.content)
        const tx = forged.transactions[1]!.verifiable as { DebitAllowance: { payload: { content: { allowances: Record<string, { Fungible: bigint }> } } } }
        tx.DebitAllowance.payload.content.allowances[fixture.tokenId] = { Fungible: 900n }
        await refuse(submission(operator1, sdl1, forged), 'SDL_TRANSACTION_INVALID', /transaction 1/)

        const applied = await client.submitSdl(submission(operator1, sdl1))
        assert.equal(applied.status, 'applied')
        assert.equal(applied.status === 'applied' && applied.sequence, 1n)
        assert.equal(applied.status === 'applied' && applied.root, sdl1.content.root_after)
        const status = await client.getSdlStatus(applied.hash!)
        assert.equal(status.status, 'applied')
        const shard1 = await client.getShard(1)
        assert.equal(shard1.sequence, 1n)
        assert.equal(shard1.last_sdl_hash, applied.hash)
        assert.equal(shard1.root, sdl1.content.root_after)

        // The finalized view equals the domain-side view built with the ledger functions.
        for (const [address, vault] of fixture.shard1.vaults) assert.deepEqual(await client.getVault(address), vault, address)
        // The cross-shard credit waits for shard 2's domain; shard 2's vault is not credited yet.
        const pulled = await client.pullCredits(2, 0n)
        assert.deepEqual(pulled.credits.map((credit) => credit.state_diff), [fixture.credit])
        assert.equal(pulled.credits[0]!.source_sdl_hash, applied.hash)
        assert.equal(await client.getVault(formatAddress(fixture.bob.ownerId, 2)), null)

        const replay = await client.submitSdl(submission(operator1, sdl1))
        assert.equal(replay.status === 'failed' && replay.code, 'SDL_ALREADY_APPLIED')
        assert.equal((await client.getSdlStatus(applied.hash!)).status, 'applied')
        assert.equal((await client.getShard(1)).sequence, 1n)
      } finally {
        await transport.close()
        await testNode.close()
      }
    })
  })
}

test('credits reach the second shard exactly once across a restart of the node', async () => {
  const testNode = await openTestNode({ funded, verifier })
  let transport = await openTransport('http', testNode.node)
  try {
    await registerBothShards(transport.client, testNode)
    assert.equal((await transport.client.submitSdl(submission(operator1, fixture.sdl1))).status, 'applied')

    await transport.close()
    await testNode.restart()
    transport = await openTransport('http', testNode.node)
    const { client } = transport

    const pulled = await client.pullCredits(2, 0n)
    assert.equal(pulled.credits.length, 1)
    assert.equal(pulled.next_cursor, 1n)
    assert.equal(pulled.consumed_cursor, 0n)
    assert.deepEqual(pulled.credits[0]!.state_diff, fixture.credit)
    assert.deepEqual((await client.pullCredits(2, pulled.next_cursor)).credits, [])

    const applied = await client.submitSdl(submission(operator2, fixture.sdl2))
    assert.equal(applied.status, 'applied')
    for (const [address, vault] of fixture.shard2.vaults) assert.deepEqual(await client.getVault(address), vault, address)
    assert.equal((await client.pullCredits(2, 0n)).consumed_cursor, 1n)

    // Consuming the same credit again is refused, by replay and by a new SDL that lists it again.
    const replay = await client.submitSdl(submission(operator2, fixture.sdl2))
    assert.equal(replay.status === 'failed' && replay.code, 'SDL_ALREADY_APPLIED')
    const again: SdlContent = {
      ...fixture.sdl2.content,
      sequence: 2,
      previous_hash: applied.hash,
      root_before: fixture.sdl2.content.root_after,
    }
    const twice = await client.submitSdl(submission(operator2, fixture.sdl2, again))
    assert.equal(twice.status === 'failed' && twice.code, 'CREDITS_MISMATCH')
    assert.deepEqual(await client.getVault(formatAddress(fixture.bob.ownerId, 2)), fixture.shard2.getVault(formatAddress(fixture.bob.ownerId, 2)))
  } finally {
    await transport.close()
    await testNode.close()
  }
})

test('an agreement with a guardrail program needs a verified proof of it', async () => {
  const testNode = await openTestNode({ funded, verifier })
  const transport = await openTransport('in-process', testNode.node)
  const prover = createCircuitProver({ workers: 1 })
  try {
    // The prover's selftest circuit stands in for a guardrail program: its id is its circuit hash.
    const programId = (await loadCircuit('selftest')).circuitHash
    await transport.client.submitAgreement(signAgreementRequest(operator1, { shard: 1, guardrail_program_ids: [programId], nonce: 1n }))
    testNode.clock.advance(testNode.node.activationDelayMs)
    const missing = await transport.client.submitSdl(submission(operator1, fixture.sdl1))
    assert.equal(missing.status === 'failed' && missing.code, 'SDL_PROOF_INVALID')
    assert.match(missing.status === 'failed' ? missing.reason : '', /no proof of guardrail program/)
    const guardrail = await prover.proveCircuit('selftest', { x: 3, y: 9 })
    const forged = { ...guardrail, public_inputs: [guardrail.public_inputs[0]!.replace(/9$/, 'a')] }
    const withForged = await transport.client.submitSdl(signSdlSubmission(operator1, { content: jsonValue(fixture.sdl1.content), proofs: [...fixture.sdl1.proofs, forged] }))
    assert.equal(withForged.status === 'failed' && withForged.code, 'SDL_PROOF_INVALID')
    assert.equal((await transport.client.getShard(1)).sequence, 0n)
    const applied = await transport.client.submitSdl(signSdlSubmission(operator1, { content: jsonValue(fixture.sdl1.content), proofs: [...fixture.sdl1.proofs, guardrail] }))
    assert.equal(applied.status, 'applied')
  } finally {
    await prover.close()
    await transport.close()
    await testNode.close()
  }
})

test('kill -9 right after an acknowledged settlement loses nothing', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-base-layer-kill-'))
  const genesisPath = join(dir, 'genesis.json')
  writeFileSync(genesisPath, JSON.stringify({ accounts: funded.map((a) => ({ owner_id: a.ownerId, balance: Number(a.balance) })), agreement_activation_delay_ms: 0 }))
  const args = ['--port', '0', '--data-dir', join(dir, 'data'), '--genesis', genesisPath]
  try {
    const first = await startChild(args)
    const client = new HttpBaseLayerClient(first.url, { timeoutMs: 120_000 })
    await client.submitAgreement(signAgreementRequest(operator1, { shard: 1, guardrail_program_ids: [], nonce: 1n }))
    const applied = await client.submitSdl(submission(operator1, fixture.sdl1))
    assert.equal(applied.status, 'applied')
    first.kill()
    await first.exited

    const second = await startChild(args)
    try {
      const reopened = new HttpBaseLayerClient(second.url)
      assert.equal((await reopened.getSdlStatus(applied.hash!)).status, 'applied')
      assert.equal((await reopened.getShard(1)).sequence, 1n)
      assert.equal((await reopened.getShard(1)).root, fixture.sdl1.content.root_after)
      for (const [address, vault] of fixture.shard1.vaults) assert.deepEqual(await reopened.getVault(address), vault, address)
      assert.equal((await reopened.pullCredits(2, 0n)).credits.length, 1)
      assert.equal((await reopened.getAgreement(1))?.status, 'active')
    } finally {
      second.kill()
      await second.exited
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

async function startChild(args: string[]): Promise<{ url: string; kill(): void; exited: Promise<unknown> }> {
  const script = join(import.meta.dirname, '../testing/runBaseLayerChild.ts')
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const lines = createInterface({ input: child.stdout! })
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', (line) => resolve((JSON.parse(line) as { url: string }).url))
    child.once('exit', (code) => reject(new Error(`base-layer child exited with ${code}`)))
  })
  return { url, kill: () => child.kill('SIGKILL'), exited }
}
