// An SDL of more batch proofs than a settlement transaction takes settles in parts, on a real local
// EVM node (Hardhat, 127.0.0.1) with real proofs (EVM_PROOF_SYSTEM). Here a client sends one batch
// per transaction, so an SDL of 3 batch proofs takes 3. Between parts the contract holds the SDL
// pending: the shard's root, count and chain do not move (a reader never sees half an SDL); another
// account cannot send a part, the operator cannot start another SDL nor skip or repeat a batch, and
// a rejected proof changes nothing. A client started afresh (a domain after a crash) resumes from
// the batch the contract expects and settles the SDL once. An SDL no domain will finish is dropped by
// the operator alone (abandonPendingSdl), readers seeing nothing change.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import type { CircuitProver } from '@verity/prover'
import { createPublicClient, http, parseAbiItem, type Hex } from 'viem'
import { TEST_SHARD } from '../../../ledger/src/testing/shardFixture.ts'
import { EvmSettlementClient } from '../client/EvmSettlementClient.ts'
import type { DeployedSettlement } from '../deploy/deploySettlement.ts'
import { SettlementRevertError } from '../errors/evmSettlementErrors.ts'
import { LOCAL_EVM_CHAIN_ID } from '../limits.ts'
import { LOCAL_EVM_DEV_KEY, type LocalEvmNode } from '../node/startLocalEvmNode.ts'
import { HARDHAT_SECOND_KEY } from '../testing/HARDHAT_SECOND_KEY.ts'
import { mintSdlCall } from '../testing/mintSdlCall.ts'
import { startSettlementChain, type SettlementChain } from '../testing/startSettlementChain.ts'

const OWNER_ID = `0x${'11'.repeat(32)}` as Hex

async function rejects(promise: Promise<unknown>, errorName: string): Promise<readonly unknown[]> {
  const error = await promise.then(() => assert.fail(`expected ${errorName}`), (e: unknown) => e)
  assert.ok(error instanceof SettlementRevertError, `expected SettlementRevertError, got ${String(error)}`)
  assert.equal(error.fields.errorName, errorName)
  return error.fields.args
}

describe('an SDL settled over several transactions', () => {
  let chain: SettlementChain
  let node: LocalEvmNode
  let deployed: DeployedSettlement
  let prover: CircuitProver

  before(async () => {
    chain = await startSettlementChain()
    ;({ node, deployed, prover } = chain)
  })
  after(() => chain?.close())

  test('pending between parts, invisible to readers, closed to others; a fresh client resumes and settles it once', async () => {
    const options = { rpcUrl: node.rpcUrl, chainId: LOCAL_EVM_CHAIN_ID, contract: deployed.settlement, confirmations: 1, batchesPerTransaction: 1 }
    const operator = await EvmSettlementClient.connect({ ...options, privateKey: LOCAL_EVM_DEV_KEY })
    const stranger = await EvmSettlementClient.connect({ ...options, privateKey: HARDHAT_SECOND_KEY })
    await operator.registerAgreement(TEST_SHARD, OWNER_ID)
    // A mint to 4 vaults: 11 slots to write, 4 paths per batch proof, so 3 batch proofs.
    const { content, call, tree } = await mintSdlCall(prover, { shard: TEST_SHARD, holders: 4, amount: 7n })
    assert.equal(call.batches.length, 3)
    const publicClient = createPublicClient({ transport: http(node.rpcUrl) })
    const included = async (txHash: Hex) => assert.equal((await publicClient.waitForTransactionReceipt({ hash: txHash })).status, 'success')

    // The first part lands; the client then "crashes" (is not used again).
    await included(await operator.sendSettlementPart(call, 0, false))
    assert.deepEqual(await operator.getPendingSdl(TEST_SHARD), { sdlHash: call.sdlHash, state: call.batches[0]!.rootAfter, nextBatch: 1n })
    assert.deepEqual(await operator.shardState(TEST_SHARD), { root: deployed.emptyRoot, sdlCount: 0n, sdlChain: `0x${'00'.repeat(32)}` }, 'a reader sees no part of a pending SDL')
    assert.equal(await operator.getSettledSdl(call.sdlHash), null)

    // Nobody interleaves: another account, another SDL, a skipped or repeated batch, a bad proof.
    await rejects(stranger.sendSettlementPart(call, 1, false), 'NotOperator')
    assert.deepEqual(await rejects(operator.sendSettlementPart({ ...call, sdlHash: `0x${'33'.repeat(32)}` }, 0, true), 'SdlPending'), [BigInt(TEST_SHARD), call.sdlHash])
    assert.deepEqual(await rejects(operator.sendSettlementPart(call, 2, true), 'WrongBatchIndex'), [call.sdlHash, 1n, 2n])
    assert.deepEqual(await rejects(operator.sendSettlementPart(call, 0, false), 'WrongBatchIndex'), [call.sdlHash, 1n, 0n])
    const swapped = { ...call, batches: [call.batches[0]!, call.batches[2]!, call.batches[1]!] }
    assert.deepEqual(await rejects(operator.sendSettlementPart(swapped, 1, false), 'ProofRejected'), [1n])
    assert.equal((await operator.getPendingSdl(TEST_SHARD))?.nextBatch, 1n, 'a refused part changes nothing')

    // A client started afresh resumes from batch 1 and settles the SDL.
    const resumed = await EvmSettlementClient.connect({ ...options, privateKey: LOCAL_EVM_DEV_KEY })
    const settled = await resumed.settleSdl(call)
    assert.equal(settled.sequence, 1n)
    assert.equal(settled.rootAfter, content.root_after)
    assert.ok(settled.txHash !== null && settled.gasUsed !== null && settled.gasUsed > 0n)
    assert.equal(await operator.getPendingSdl(TEST_SHARD), null)
    const state = await operator.shardState(TEST_SHARD)
    assert.equal(state.root, tree.rootHex, "the contract's root is the state tree's after the whole SDL")
    assert.equal(state.sdlCount, 1n)

    // Every batch verified once, in order: the parts' events carry all the ops hashes.
    const parts = await publicClient.getLogs({ address: deployed.settlement, event: parseAbiItem('event SdlBatchesVerified(uint64 indexed shard, bytes32 indexed sdlHash, uint256 firstBatch, bytes32 stateAfter, bytes32[] opsHashes)'), fromBlock: 0n })
    assert.deepEqual(parts.map((log) => log.args.firstBatch), [0n, 1n, 2n])
    assert.deepEqual(parts.flatMap((log) => log.args.opsHashes), call.batches.map((batch) => batch.opsHash))
    const ends = await publicClient.getLogs({ address: deployed.settlement, event: parseAbiItem('event SdlSettled(uint64 indexed shard, bytes32 indexed sdlHash, uint64 sequence, bytes32 rootBefore, bytes32 rootAfter, bytes32 chain, uint256 batchCount)'), fromBlock: 0n })
    assert.equal(ends.length, 1)
    assert.equal(ends[0]!.args.batchCount, 3n)
    assert.equal(ends[0]!.args.chain, state.sdlChain)

    // Settled once: asking again sends nothing; a part of it is a replay.
    assert.equal((await resumed.settleSdl(call)).txHash, null)
    await rejects(operator.sendSettlementPart(call, 0, false), 'SdlAlreadySettled')
  })

  test('the operator abandons a pending SDL no domain will finish: readers see nothing, the shard settles again', async () => {
    const options = { rpcUrl: node.rpcUrl, chainId: LOCAL_EVM_CHAIN_ID, contract: deployed.settlement, confirmations: 1, batchesPerTransaction: 1 }
    const operator = await EvmSettlementClient.connect({ ...options, privateKey: LOCAL_EVM_DEV_KEY })
    const stranger = await EvmSettlementClient.connect({ ...options, privateKey: HARDHAT_SECOND_KEY })
    const shard = TEST_SHARD + 2
    await operator.registerAgreement(shard, OWNER_ID)
    await rejects(operator.abandonPendingSdl(shard, `0x${'44'.repeat(32)}`), 'NoPendingSdl')
    const { content, call, tree } = await mintSdlCall(prover, { shard, holders: 4 })
    const publicClient = createPublicClient({ transport: http(node.rpcUrl) })
    assert.equal((await publicClient.waitForTransactionReceipt({ hash: await operator.sendSettlementPart(call, 0, false) })).status, 'success')
    const before = await operator.shardState(shard)

    // Only the operator, and only the SDL that is pending (a stale command cannot drop a newer one).
    await rejects(stranger.abandonPendingSdl(shard, call.sdlHash), 'NotOperator')
    assert.deepEqual(await rejects(operator.abandonPendingSdl(shard, `0x${'44'.repeat(32)}`), 'SdlPending'), [BigInt(shard), call.sdlHash])
    const abandoned = await operator.abandonPendingSdl(shard, call.sdlHash)
    assert.deepEqual({ sdlHash: abandoned.sdlHash, nextBatch: abandoned.nextBatch }, { sdlHash: call.sdlHash, nextBatch: 1n })
    assert.equal(await operator.getPendingSdl(shard), null)
    assert.deepEqual(await operator.shardState(shard), before, 'a reader sees nothing change')
    await rejects(operator.abandonPendingSdl(shard, call.sdlHash), 'NoPendingSdl')
    // Its batch 1 no longer follows on: the shard starts an SDL from its root again, this one from batch 0.
    assert.deepEqual(await rejects(operator.sendSettlementPart(call, 1, false), 'WrongBatchIndex'), [call.sdlHash, 0n, 1n])
    const settled = await operator.settleSdl(call)
    assert.equal(settled.rootAfter, content.root_after)
    assert.equal((await operator.shardState(shard)).root, tree.rootHex)
    const parts = await publicClient.getLogs({ address: deployed.settlement, event: parseAbiItem('event SdlBatchesVerified(uint64 indexed shard, bytes32 indexed sdlHash, uint256 firstBatch, bytes32 stateAfter, bytes32[] opsHashes)'), args: { shard: BigInt(shard) }, fromBlock: 0n })
    assert.deepEqual(parts.map((log) => log.args.firstBatch), [0n, 0n, 1n, 2n], 'the abandoned part, then the whole SDL again')
  })

  test('the client settles a whole SDL in parts by itself', async () => {
    const client = await EvmSettlementClient.connect({ rpcUrl: node.rpcUrl, chainId: LOCAL_EVM_CHAIN_ID, contract: deployed.settlement, confirmations: 1, batchesPerTransaction: 2, privateKey: LOCAL_EVM_DEV_KEY })
    const shard = TEST_SHARD + 1
    await client.registerAgreement(shard, OWNER_ID)
    const { content, call, tree } = await mintSdlCall(prover, { shard, holders: 4, amount: 3n })
    assert.equal(call.batches.length, 3)
    const settled = await client.settleSdl(call)
    assert.equal(settled.rootAfter, content.root_after)
    assert.equal((await client.shardState(shard)).root, tree.rootHex)
    assert.equal(await client.getPendingSdl(shard), null)
    await assert.rejects(EvmSettlementClient.connect({ rpcUrl: node.rpcUrl, chainId: LOCAL_EVM_CHAIN_ID, contract: deployed.settlement, confirmations: 1, batchesPerTransaction: 13, privateKey: LOCAL_EVM_DEV_KEY }), RangeError)
  })
})
