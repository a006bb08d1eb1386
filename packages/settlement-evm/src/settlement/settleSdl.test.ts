// Settlement on a real local EVM node (Hardhat, 127.0.0.1): one SDL with transfers, proven in
// EVM_PROOF_SYSTEM (zero-knowledge, Keccak transcript, Ignition's CRS), settles through bb 5's
// generated verifier; the contract's root then equals the domain's. The verifier accepts two
// different proofs of one witness and refuses a proof with one bit flipped or a wrong public
// input; tampered proofs, replays, a wrong previous root and calls by another account revert with
// the contract's named errors; proofs of another proof system are refused by name before sending.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer } from '@verity/core'
import { executeBatch, MemoryLedger, type VerifiableType } from '@verity/ledger'
import { EVM_PROOF_SYSTEM, PROOF_SYSTEM, proveSdlBatch, proveSdl, sealSdl, StateTree, type CircuitProver, type ProofArtifact } from '@verity/prover'
import { createPublicClient, createWalletClient, encodeFunctionData, http, parseAbi, parseAbiItem, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { checkSettlementContract } from '../client/checkSettlementContract.ts'
import { checkSettlementVerifier, expectedSdlVerifier, settlementVerifierReader } from '../client/checkSettlementVerifier.ts'
import { evmChain } from '../client/evmChain.ts'
import { compileSettlementOnly } from '../compile/compileSettlementContracts.ts'
import { addressOf, createFungible, debit, TEST_SHARD } from '../../../ledger/src/testing/shardFixture.ts'
import { EvmSettlementClient } from '../client/EvmSettlementClient.ts'
import type { DeployedSettlement } from '../deploy/deploySettlement.ts'
import { SettlementContractMismatchError, SettlementInputError, SettlementRevertError, VerifierMismatchError } from '../errors/evmSettlementErrors.ts'
import { CONTRACT_BYTES_MAX, LOCAL_EVM_CHAIN_ID, SETTLE_BATCHES_PER_TX_MAX, SETTLE_GAS_MAX } from '../limits.ts'
import { veritySettlementAbi } from '../contracts/veritySettlementAbi.ts'
import { LOCAL_EVM_DEV_KEY, type LocalEvmNode } from '../node/startLocalEvmNode.ts'
import { HARDHAT_SECOND_KEY } from '../testing/HARDHAT_SECOND_KEY.ts'
import { startSettlementChain, type SettlementChain } from '../testing/startSettlementChain.ts'
import { sdlSettlementCall } from './sdlSettlementCall.ts'

const issuer = Ed25519Signer.generate()
const alice = Ed25519Signer.generate()
const bob = Ed25519Signer.generate()
const OWNER_ID = `0x${'11'.repeat(32)}` as Hex

/** The proof with one bit flipped, in the middle of its bytes. */
function flipBit(proof: Hex): Hex {
  const bytes = Buffer.from(proof.slice(2), 'hex')
  bytes[bytes.length >> 1]! ^= 0x10
  return `0x${bytes.toString('hex')}`
}

async function rejects(promise: Promise<unknown>, errorName: string): Promise<SettlementRevertError> {
  const error = await promise.then(() => assert.fail(`expected ${errorName}`), (e: unknown) => e)
  assert.ok(error instanceof SettlementRevertError, `expected SettlementRevertError, got ${String(error)}`)
  assert.equal(error.fields.errorName, errorName)
  return error
}

describe('VeritySettlement on a local EVM node', () => {
  let chain: SettlementChain
  let node: LocalEvmNode
  let deployed: DeployedSettlement
  let prover: CircuitProver
  let operator: EvmSettlementClient
  let stranger: EvmSettlementClient

  before(async () => {
    chain = await startSettlementChain()
    ;({ node, deployed, prover } = chain)
    const options = { rpcUrl: node.rpcUrl, chainId: LOCAL_EVM_CHAIN_ID, contract: deployed.settlement, confirmations: 1 }
    operator = await EvmSettlementClient.connect({ ...options, privateKey: LOCAL_EVM_DEV_KEY })
    stranger = await EvmSettlementClient.connect({ ...options, privateKey: HARDHAT_SECOND_KEY })
  })
  after(() => chain?.close())

  test('the deployed verifier is the SDL circuit\'s, for Ignition\'s CRS, under the 24 KB limit', () => {
    assert.equal(deployed.crs, 'ignition')
    assert.ok(deployed.verifierDeployedBytes > 10_000, `${deployed.verifierDeployedBytes} bytes`)
    assert.ok(deployed.verifierDeployedBytes <= CONTRACT_BYTES_MAX, `${deployed.verifierDeployedBytes} > ${CONTRACT_BYTES_MAX}`)
  })

  test('agreements: registered once per shard; another account can neither take the shard nor settle', async () => {
    assert.equal(await operator.getAgreement(TEST_SHARD), null)
    const agreement = await operator.registerAgreement(TEST_SHARD, OWNER_ID)
    assert.equal(agreement.operator, operator.account.address)
    assert.equal(agreement.operatorOwnerId, OWNER_ID)
    await rejects(stranger.registerAgreement(TEST_SHARD, OWNER_ID), 'ShardTaken')
    await rejects(stranger.settleSdl({ shard: TEST_SHARD, sdlHash: `0x${'22'.repeat(32)}`, rootBefore: deployed.emptyRoot, batches: [] }), 'NotOperator')
    await rejects(operator.settleSdl({ shard: TEST_SHARD + 5, sdlHash: `0x${'22'.repeat(32)}`, rootBefore: deployed.emptyRoot, batches: [] }), 'NoAgreement')
  })

  test('an SDL with transfers settles once: root, chain and event match; tampered, replayed and wrong-root calls revert', async () => {
    const ledger = new MemoryLedger()
    const tree = await StateTree.create()
    assert.equal((await operator.shardState(TEST_SHARD)).root, tree.rootHex)
    const verifiables: VerifiableType[] = [
      createFungible(issuer, 1n, [{ address: addressOf(alice), amount: 50n }]),
      debit(alice, 1n, addressOf(bob), { [addressOf(issuer)]: { Fungible: 20n } }),
    ]
    const result = executeBatch(ledger, verifiables, TEST_SHARD)
    ledger.commit(result)
    const { content, witness } = sealSdl(tree, {
      shard: TEST_SHARD,
      sequence: 1,
      previous_hash: null,
      incoming_credits: { from_cursor: 0, to_cursor: 0, credits: [] },
      transactions: result.transactions,
    })
    const proofs: ProofArtifact[] = await proveSdl(prover, witness)
    assert.equal(proofs[0]!.system, EVM_PROOF_SYSTEM)
    assert.deepEqual(await prover.verifyCircuit('sdl', proofs[0]!), { ok: true })
    const call = sdlSettlementCall(content, proofs)

    // A Poseidon-transcript proof (the base layer's kind) and one of bb.js 0.82.2 are refused by name, before any transaction.
    assert.throws(() => sdlSettlementCall(content, proofs.map((p) => ({ ...p, system: PROOF_SYSTEM }))), (e: unknown) => e instanceof SettlementInputError && e.message.includes(`"${PROOF_SYSTEM}"`))
    assert.throws(
      () => sdlSettlementCall(content, proofs.map((p) => ({ ...p, system: 'ultrahonk-keccak' }))),
      (e: unknown) => e instanceof SettlementInputError && /old proof system "ultrahonk-keccak" \(.*0\.82\.2.*\); the EVM verifier checks "ultrahonk-keccak-zk\/bb5"/.test(e.message),
    )

    const tampered = await rejects(operator.settleSdl({ ...call, batches: [{ ...call.batches[0]!, proof: flipBit(call.batches[0]!.proof) }, ...call.batches.slice(1)] }), 'ProofRejected')
    assert.deepEqual(tampered.fields.args, [0n])
    // A proof of other public inputs (a different root after) does not verify either.
    await rejects(operator.settleSdl({ ...call, batches: [{ ...call.batches[0]!, rootAfter: deployed.emptyRoot }, ...call.batches.slice(1)] }), 'ProofRejected')

    // The first settlement transaction is dropped from the mempool: the client finds it gone after
    // its wait and sends again; the SDL settles once, from the second transaction.
    const rpc = (method: string, params: unknown[] = []) =>
      fetch(node.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) }).then(async (r) => ((await r.json()) as { result: any }).result)
    const impatient = await EvmSettlementClient.connect({ rpcUrl: node.rpcUrl, chainId: LOCAL_EVM_CHAIN_ID, contract: deployed.settlement, confirmations: 1, privateKey: LOCAL_EVM_DEV_KEY, confirmationWaitMs: 3_000 })
    await rpc('evm_setIntervalMining', [0])
    await rpc('evm_setAutomine', [false])
    const settling = impatient.settleSdl(call)
    let dropped: string | undefined
    while (dropped === undefined) {
      dropped = ((await rpc('eth_getBlockByNumber', ['pending', false])) as { transactions: string[] }).transactions[0]
      if (dropped === undefined) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    assert.equal(await rpc('hardhat_dropTransaction', [dropped]), true)
    await rpc('evm_setAutomine', [true])
    await rpc('evm_setIntervalMining', [1_000])
    const settled = await settling
    assert.ok(settled.txHash !== null && settled.txHash !== dropped, 'settled by a second transaction')
    assert.equal(settled.sequence, 1n)
    assert.equal(settled.rootAfter, content.root_after)
    assert.ok(settled.gasUsed !== null && settled.gasUsed > 0n)
    const state = await operator.shardState(TEST_SHARD)
    assert.equal(state.root, tree.rootHex, "the contract's root is the domain's state tree root")
    assert.equal(state.sdlCount, 1n)

    const publicClient = createPublicClient({ transport: http(node.rpcUrl) })
    const events = await publicClient.getLogs({ address: deployed.settlement, event: parseAbiItem('event SdlSettled(uint64 indexed shard, bytes32 indexed sdlHash, uint64 sequence, bytes32 rootBefore, bytes32 rootAfter, bytes32 chain, uint256 batchCount)'), fromBlock: 0n })
    assert.equal(events.length, 1)
    assert.equal(events[0]!.args.sdlHash, call.sdlHash)
    assert.equal(events[0]!.args.chain, state.sdlChain)

    // A replay is refused by the contract; the client reports the SDL settled without sending again.
    const again = await operator.settleSdl(call)
    assert.equal(again.txHash, null)
    assert.equal(again.sequence, 1n)
    await rejects(stranger.registerAgreement(TEST_SHARD, OWNER_ID), 'ShardTaken')
    const replayed = await rejects(operatorRaw(call), 'SdlAlreadySettled')
    assert.deepEqual(replayed.fields.args, [call.sdlHash])

    const wrongRoot = await rejects(operator.settleSdl({ ...call, sdlHash: `0x${'33'.repeat(32)}`, rootBefore: content.root_before as Hex }), 'WrongPreviousRoot')
    assert.deepEqual(wrongRoot.fields.args, [BigInt(TEST_SHARD), content.root_after, content.root_before])
    assert.equal((await operator.shardState(TEST_SHARD)).sdlCount, 1n)
  })

  test('the verifier accepts two different proofs of one witness (zero-knowledge), refuses one bit flipped or a wrong public input; a full settlement transaction fits the gas cap', async () => {
    const tree = await StateTree.create()
    const result = executeBatch(new MemoryLedger(), [createFungible(issuer, 1n, [{ address: addressOf(alice), amount: 5n }])], TEST_SHARD)
    const { witness } = sealSdl(tree, { shard: TEST_SHARD, sequence: 1, previous_hash: null, incoming_credits: { from_cursor: 0, to_cursor: 0, credits: [] }, transactions: result.transactions })
    const [first, second] = [await proveSdlBatch(prover, witness, 0), await proveSdlBatch(prover, witness, 0)]
    assert.deepEqual(first!.public_inputs, second!.public_inputs)
    assert.notEqual(first!.proof, second!.proof, 'a zero-knowledge prover randomizes every proof')
    const client = createPublicClient({ transport: http(node.rpcUrl) })
    const abi = parseAbi(['function verify(bytes proof, bytes32[] publicInputs) view returns (bool)'])
    const verify = (proof: Hex, inputs: readonly string[]) =>
      client.readContract({ address: deployed.verifier, abi, functionName: 'verify', args: [proof, inputs as Hex[]] }).catch(() => false)
    const bytes = (artifact: ProofArtifact) => `0x${Buffer.from(artifact.proof, 'base64').toString('hex')}` as Hex
    assert.equal(await verify(bytes(first!), first!.public_inputs), true)
    assert.equal(await verify(bytes(second!), second!.public_inputs), true)
    assert.equal(await verify(flipBit(bytes(first!)), first!.public_inputs), false, 'one bit flipped')
    assert.equal(await verify(`${bytes(first!)}${'00'.repeat(32)}`, first!.public_inputs), false, 'a field appended')
    assert.equal(await verify(bytes(first!).slice(0, -64) as Hex, first!.public_inputs), false, 'the last field cut')
    assert.equal(await verify(bytes(first!), first!.public_inputs.slice(0, 5)), false, 'a public input missing')
    const wrongInput = first!.public_inputs.map((input, i) => (i === 2 ? `0x${(BigInt(input) + 1n).toString(16).padStart(64, '0')}` : input))
    assert.equal(await verify(bytes(first!), wrongInput), false, 'batch index + 1')

    // The most batches a settlement transaction takes, SETTLE_BATCHES_PER_TX_MAX proofs, with the client's 20 % margin, fit one transaction (EIP-7825's cap).
    assert.equal(await client.readContract({ address: deployed.settlement, abi: veritySettlementAbi, functionName: 'BATCHES_PER_TX_MAX' }), BigInt(SETTLE_BATCHES_PER_TX_MAX))
    const verifyGas = await client.estimateGas({ account: operator.account, to: deployed.verifier, data: encodeFunctionData({ abi, functionName: 'verify', args: [bytes(first!), first!.public_inputs as Hex[]] }) })
    assert.ok((verifyGas * BigInt(SETTLE_BATCHES_PER_TX_MAX) * 6n) / 5n < SETTLE_GAS_MAX, `${SETTLE_BATCHES_PER_TX_MAX} proofs at ${verifyGas} gas each, plus 20 %, exceed ${SETTLE_GAS_MAX}`)
  })

  test("the contract's verifier is checked: this version's passes; another contract or another key hash is refused", async () => {
    const expected = await expectedSdlVerifier()
    assert.match(expected.vkHash, /^0x[0-9a-f]{64}$/)
    await checkSettlementVerifier(operator, expected)
    await assert.rejects(checkSettlementVerifier(operator, { ...expected, vkHash: `0x${'12'.repeat(32)}` }), VerifierMismatchError)
    // A VeritySettlement whose "verifier" is some other contract (here the first VeritySettlement).
    const wallet = createWalletClient({ chain: evmChain(node.rpcUrl, LOCAL_EVM_CHAIN_ID), transport: http(node.rpcUrl), account: privateKeyToAccount(LOCAL_EVM_DEV_KEY) })
    const settlementOnly = compileSettlementOnly()
    const hash = await wallet.deployContract({ abi: settlementOnly.abi, bytecode: settlementOnly.bytecode, args: [deployed.settlement, deployed.emptyRoot] } as never)
    const { contractAddress } = await createPublicClient({ transport: http(node.rpcUrl) }).waitForTransactionReceipt({ hash })
    const other = await EvmSettlementClient.connect({ rpcUrl: node.rpcUrl, chainId: LOCAL_EVM_CHAIN_ID, contract: contractAddress!, confirmations: 1, privateKey: LOCAL_EVM_DEV_KEY })
    await assert.rejects(checkSettlementVerifier(other, expected), (e: unknown) => e instanceof VerifierMismatchError && e.code === 'EVM_VERIFIER_MISMATCH' && /verification key hash/.test(e.message))
    // The same through the key-less reader (`verity settlement show`).
    await checkSettlementVerifier(settlementVerifierReader({ rpcUrl: node.rpcUrl, contract: deployed.settlement }), expected)
    await assert.rejects(checkSettlementVerifier(settlementVerifierReader({ rpcUrl: node.rpcUrl, contract: contractAddress! }), expected), VerifierMismatchError)
  })

  test("a finalized view's contract is checked: this version's VeritySettlement passes; no code, other code, another verifier or another starting root is refused", async () => {
    const rpcUrl = node.rpcUrl
    const genuine = await checkSettlementContract({ rpcUrl, contract: deployed.settlement })
    assert.deepEqual({ ...genuine, verifier: genuine.verifier.toLowerCase() }, { contract: deployed.settlement, verifier: deployed.verifier.toLowerCase(), emptyRoot: deployed.emptyRoot })
    const refused = async (contract: Hex, reason: RegExp) =>
      assert.rejects(checkSettlementContract({ rpcUrl, contract }), (e: unknown) => e instanceof SettlementContractMismatchError && e.code === 'EVM_SETTLEMENT_CONTRACT_MISMATCH' && reason.test(e.message))
    await refused(`0x${'0a'.repeat(20)}`, /no code at that address/)
    await refused(deployed.verifier, /its code is not this version's VeritySettlement/)
    // VeritySettlement's own code, deployed with another verifier (here the first VeritySettlement), or another starting root.
    const wallet = createWalletClient({ chain: evmChain(rpcUrl, LOCAL_EVM_CHAIN_ID), transport: http(rpcUrl), account: privateKeyToAccount(LOCAL_EVM_DEV_KEY) })
    const settlementOnly = compileSettlementOnly()
    const deploy = async (args: readonly Hex[]) => {
      const hash = await wallet.deployContract({ abi: settlementOnly.abi, bytecode: settlementOnly.bytecode, args } as never)
      return (await createPublicClient({ transport: http(rpcUrl) }).waitForTransactionReceipt({ hash })).contractAddress!
    }
    await refused(await deploy([deployed.settlement, deployed.emptyRoot]), new RegExp(`the verifier it calls \\(${deployed.settlement}\\) is not this version's SDL verifier`, 'i'))
    await refused(await deploy([deployed.verifier, `0x${'12'.repeat(32)}`]), /its shards start at 0x1212.*not at the empty state tree's root/)
  })

  /** settleSdl without the client's "already settled" shortcut: what a replayed transaction meets. */
  function operatorRaw(call: ReturnType<typeof sdlSettlementCall>) {
    return operator.sendSettlement(call)
  }
})
