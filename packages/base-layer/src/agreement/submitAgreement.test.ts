import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer } from '@verity/core'
import { signAgreementRequest } from '../client/signRequests.ts'
import { BaseLayerRpcError } from '../errors/clientErrors.ts'
import { ProverSdlVerifier } from '../settlement/ProverSdlVerifier.ts'
import { openTestNode, openTransport, transportNames } from '../testing/openTestNode.ts'

async function rejection(promise: Promise<unknown>): Promise<BaseLayerRpcError> {
  try {
    await promise
  } catch (error) {
    assert.ok(error instanceof BaseLayerRpcError, `expected a BaseLayerRpcError, got ${String(error)}`)
    return error
  }
  assert.fail('expected a rejection')
}

for (const transportName of transportNames) {
  describe(`agreement lifecycle (${transportName})`, () => {
    test('unfunded key refused, funded key pending then active, shard taken refused, re-submission idempotent', async () => {
      const operator = Ed25519Signer.generate()
      const other = Ed25519Signer.generate()
      const unfunded = Ed25519Signer.generate()
      const testNode = await openTestNode({
        funded: [
          { ownerId: operator.ownerId, balance: 1_000n },
          { ownerId: other.ownerId, balance: 5n },
        ],
        activationDelayMs: 2_000,
      })
      const transport = await openTransport(transportName, testNode.node)
      const { client } = transport
      try {
        const refused = await rejection(client.submitAgreement(signAgreementRequest(unfunded, { shard: 1, guardrail_program_ids: [], nonce: 1n })))
        assert.equal(refused.code, 'OPERATOR_NOT_FUNDED')
        assert.match(refused.message, /the key must be pre-funded/)
        assert.equal(await client.getAgreement(1), null)

        const pending = await client.submitAgreement(signAgreementRequest(operator, { shard: 1, guardrail_program_ids: [], nonce: 1n }))
        assert.equal(pending.status, 'pending')
        assert.equal(pending.shard, 1)
        assert.equal(pending.operator_owner_id, operator.ownerId)
        assert.equal(pending.activates_at_ms - pending.created_at_ms, 2_000)
        assert.deepEqual(await client.getAgreement(1), pending)

        const taken = await rejection(client.submitAgreement(signAgreementRequest(other, { shard: 1, guardrail_program_ids: [], nonce: 1n })))
        assert.equal(taken.code, 'SHARD_TAKEN')
        assert.match(taken.message, /shard 1 is already operated by/)

        // The same operator re-submitting (even replaying the same signed request) changes nothing.
        const again = await client.submitAgreement(signAgreementRequest(operator, { shard: 1, guardrail_program_ids: [], nonce: 1n }))
        assert.deepEqual(again, pending)

        testNode.clock.advance(1_999)
        assert.equal((await client.getAgreement(1))?.status, 'pending')
        testNode.clock.advance(1)
        assert.equal((await client.getAgreement(1))?.status, 'active')

        // Changing the guardrails needs a fresh nonce and waits for activation again.
        const stale = await rejection(client.submitAgreement(signAgreementRequest(operator, { shard: 1, guardrail_program_ids: ['g1'], nonce: 1n })))
        assert.equal(stale.code, 'STALE_NONCE')
        const updated = await client.submitAgreement(signAgreementRequest(operator, { shard: 1, guardrail_program_ids: ['g1'], nonce: 2n }))
        assert.deepEqual(updated.guardrail_program_ids, ['g1'])
        assert.equal(updated.status, 'pending')
        assert.equal(updated.created_at_ms, pending.created_at_ms)

        // One operator may run several shards.
        const second = await client.submitAgreement(signAgreementRequest(operator, { shard: 2, guardrail_program_ids: [], nonce: 3n }))
        assert.equal(second.shard, 2)
        const account = await client.getAccount(operator.ownerId)
        assert.deepEqual(account, { owner_id: operator.ownerId, balance: 1_000n, nonce_last: 3n })
        assert.equal(await client.getAccount(unfunded.ownerId), null)
      } finally {
        await transport.close()
        await testNode.close()
      }
    })

    test('a tampered or foreign-scheme signature is refused', async () => {
      const operator = Ed25519Signer.generate()
      const testNode = await openTestNode({ funded: [{ ownerId: operator.ownerId, balance: 1n }] })
      const transport = await openTransport(transportName, testNode.node)
      try {
        const signed = signAgreementRequest(operator, { shard: 7, guardrail_program_ids: [], nonce: 1n })
        const tampered = await rejection(transport.client.submitAgreement({ ...signed, shard: 8 }))
        assert.equal(tampered.code, 'INVALID_SIGNATURE')
        const malformed = await rejection(transport.client.submitAgreement({ ...signed, signature: { Ed25519: { pub_key: 'x', signature: 'y' } } }))
        assert.equal(malformed.code, 'MALFORMED_SIGNATURE')
        assert.equal(await transport.client.getAgreement(7), null)
        assert.equal(await transport.client.getAgreement(8), null)
      } finally {
        await transport.close()
        await testNode.close()
      }
    })
  })
}

test('an agreement becomes active on the real clock after the configured delay', async () => {
  const operator = Ed25519Signer.generate()
  const { BaseLayerNode } = await import('../node/BaseLayerNode.ts')
  const testNode = await openTestNode({ funded: [{ ownerId: operator.ownerId, balance: 1n }] })
  const node = new BaseLayerNode({
    store: testNode.store,
    verifier: new ProverSdlVerifier(),
    agreementActivationDelayMs: 50,
  })
  try {
    assert.equal((await node.submitAgreement(signAgreementRequest(operator, { shard: 3, guardrail_program_ids: [], nonce: 1n }))).status, 'pending')
    while ((await node.getAgreement(3))?.status !== 'active') await new Promise((resolve) => setTimeout(resolve, 10))
    assert.equal((await node.getAgreement(3))?.status, 'active')
  } finally {
    await testNode.close()
  }
})
