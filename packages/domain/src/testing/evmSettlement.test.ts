// A domain settling on a real local EVM node (Hardhat on 127.0.0.1), in a child process so it can be
// killed: an SDL with transfers is proven (Keccak transcript) and submitted; the domain is killed
// with SIGKILL while the settlement transaction waits in the mempool; the restarted domain tries to
// settle it again before it is mined. The contract settles the SDL exactly once, the domain reports
// BaseLayerApplied, and the contract's root is the root the domain's SDL ends at.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ed25519Signer, formatAddress } from '@verity/core'
import { jsonValue, signVerifiable, type SdlContent } from '@verity/ledger'
import { compileSettlementOnly, deploySettlement, EvmSettlementClient, evmSettlementLimits, LOCAL_EVM_DEV_KEY, SettlementContractMismatchError, startLocalEvmNode, type DeployedSettlement, type LocalEvmNode } from '@verity/settlement-evm'
import { createPublicClient, createWalletClient, http, parseAbiItem } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { evmChain } from '../../../settlement-evm/src/client/evmChain.ts'
import { openEvmSettlement } from '../settlement/openEvmSettlement.ts'
import type { DomainConfig } from '../config/DomainConfig.ts'
import { openDomainStore } from '../store/openDomainStore.ts'
import { spawnDomainProcess, type DomainProcess } from './spawnDomainProcess.ts'
import { request } from './startTestDomain.ts'
import { waitFor } from './waitFor.ts'
import { freePort } from '../../../settlement-evm/src/testing/freePort.ts'

const SHARD = 3

describe('EVM settlement', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-evm-'))
  let node: LocalEvmNode
  let deployed: DeployedSettlement
  const domains: DomainProcess[] = []
  const rpc = async (method: string, params: unknown[] = []) => {
    const response = await fetch(node.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
    return ((await response.json()) as { result: any }).result
  }
  const pendingCount = async () => ((await rpc('eth_getBlockByNumber', ['pending', false])) as { transactions: string[] }).transactions.length

  before(async () => {
    node = await startLocalEvmNode({ port: await freePort() })
    deployed = await deploySettlement({ rpcUrl: node.rpcUrl, privateKey: LOCAL_EVM_DEV_KEY })
  })
  after(async () => {
    for (const domain of domains) await domain.killHard()
    await node?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test('an SDL with transfers settles exactly once across a kill -9 between sending and confirming', async () => {
    const operator = Ed25519Signer.generate()
    operator.toKeyFile(join(dir, 'operator.json'))
    writeFileSync(join(dir, 'evm.key'), `${LOCAL_EVM_DEV_KEY}\n`, { mode: 0o600 })
    const config: DomainConfig = {
      shard: SHARD,
      keypairPath: join(dir, 'operator.json'),
      apiPort: 0,
      apiHost: '127.0.0.1',
      dataDir: join(dir, 'data'),
      guardrails: [],
      prover: {},
      creditsPullIntervalMs: 0,
      settlement: { kind: 'evm', rpcUrl: node.rpcUrl, chainId: evmSettlementLimits.LOCAL_EVM_CHAIN_ID, contract: deployed.settlement, accountKeyFile: join(dir, 'evm.key'), confirmations: 1 },
    }
    const first = await spawnDomainProcess(config)
    domains.push(first)
    const mintKey = Ed25519Signer.generate()
    const alice = Ed25519Signer.generate()
    const bob = Ed25519Signer.generate()
    const token = formatAddress(mintKey.ownerId, SHARD)
    const mint = signVerifiable(mintKey, 'FungibleTokenMint', {
      new_nonce: 1n,
      shard: SHARD,
      operation: { Create: { metadata: { name: 'On chain', symbol: 'EVM' }, credited: [{ address: formatAddress(alice.ownerId, SHARD), amount: 100n }] } },
    })
    const transfer = signVerifiable(alice, 'DebitAllowance', { new_nonce: 1n, debited_shard: SHARD, credited: formatAddress(bob.ownerId, SHARD), allowances: { [token]: { Fungible: 30n } } })
    const executed = await request(`${first.url}/intents/execute`, 'POST', [mint, transfer].map(jsonValue))
    assert.equal(executed.status, 200, JSON.stringify(executed.body))
    const hash = (await request(`${first.url}/sdls/submit`, 'POST')).body as string
    assert.equal((await request(`${first.url}/sdls/${hash}/prove`, 'POST')).status, 202)
    await waitFor(async () => ((await request(`${first.url}/sdls/${hash}`, 'GET')).body === 'Proven' ? true : undefined), 'the SDL to be proven', { intervalMs: 500, attemptsMax: 600 })

    // Hold the chain still: the settlement transaction stays in the mempool.
    await rpc('evm_setIntervalMining', [0])
    await rpc('evm_setAutomine', [false])
    void request(`${first.url}/sdls/${hash}/submit_proof`, 'POST').catch(() => undefined)
    await waitFor(async () => ((await pendingCount()) === 1 ? true : undefined), 'the settlement transaction to be sent', { intervalMs: 100 })
    await first.killHard()

    // The restarted domain finds the SDL in ProofSubmitted, not yet on chain, and tries to settle it
    // again: the node's gas estimate (over the pending state) meets SdlAlreadySettled, so it waits
    // for the first transaction instead of sending a second. Mine only once it has got that far.
    let nodeLog = ''
    node.child.stdout!.on('data', (chunk: Buffer) => (nodeLog = (nodeLog + chunk.toString()).slice(-20_000)))
    const restarting = spawnDomainProcess(config)
    await waitFor(async () => (nodeLog.includes('eth_estimateGas') ? true : undefined), 'the restarted domain to try the settlement again', { intervalMs: 100 })
    assert.equal(await pendingCount(), 1, 'no second transaction')
    await rpc('evm_mine')
    await rpc('evm_setAutomine', [true])
    await rpc('evm_setIntervalMining', [evmSettlementLimits.LOCAL_EVM_BLOCK_INTERVAL_MS])
    const second = await restarting
    domains.push(second)
    assert.deepEqual((await request(`${second.url}/sdls`, 'GET')).body, [[hash, 'BaseLayerApplied']])
    assert.equal((await request(`${second.url}/sdls/${hash}/submit_proof`, 'POST')).body.state, 'BaseLayerApplied', 'submitting again changes nothing')

    const client = await EvmSettlementClient.connect({ rpcUrl: node.rpcUrl, chainId: evmSettlementLimits.LOCAL_EVM_CHAIN_ID, contract: deployed.settlement, privateKey: LOCAL_EVM_DEV_KEY, confirmations: 1 })
    const state = await client.shardState(SHARD)
    assert.equal(state.sdlCount, 1n, 'settled exactly once')
    const logs = await createPublicClient({ transport: http(node.rpcUrl) }).getLogs({
      address: deployed.settlement,
      event: parseAbiItem('event SdlSettled(uint64 indexed shard, bytes32 indexed sdlHash, uint64 sequence, bytes32 rootBefore, bytes32 rootAfter, bytes32 chain, uint256 batchCount)'),
      fromBlock: 0n,
    })
    assert.equal(logs.length, 1)
    const agreement = await client.getAgreement(SHARD)
    assert.equal(agreement?.operator, client.account.address)

    await second.killHard()
    const store = await openDomainStore({ dataDir: config.dataDir, shard: SHARD })
    try {
      const content = (await store.getSdl(hash))!.content as SdlContent
      assert.equal(state.root, content.root_after, "the contract's root is the root the domain's SDL ends at")
      assert.equal(logs[0]!.args.rootAfter, content.root_after)
    } finally {
      await store.close()
    }
  })

  test("a domain refuses to start on a contract that is not this version's VeritySettlement: EVM_SETTLEMENT_CONTRACT_MISMATCH", async () => {
    writeFileSync(join(dir, 'evm.key'), `${LOCAL_EVM_DEV_KEY}\n`, { mode: 0o600 })
    // VeritySettlement's code and this version's verifier, but shards that start at another root.
    const wallet = createWalletClient({ chain: evmChain(node.rpcUrl, evmSettlementLimits.LOCAL_EVM_CHAIN_ID), transport: http(node.rpcUrl), account: privateKeyToAccount(LOCAL_EVM_DEV_KEY) })
    const settlementOnly = compileSettlementOnly()
    const hash = await wallet.deployContract({ abi: settlementOnly.abi, bytecode: settlementOnly.bytecode, args: [deployed.verifier, `0x${'12'.repeat(32)}`] } as never)
    const { contractAddress } = await createPublicClient({ transport: http(node.rpcUrl) }).waitForTransactionReceipt({ hash })
    const settlement = { kind: 'evm' as const, rpcUrl: node.rpcUrl, chainId: evmSettlementLimits.LOCAL_EVM_CHAIN_ID, contract: contractAddress!, accountKeyFile: join(dir, 'evm.key'), confirmations: 1 }
    await assert.rejects(
      openEvmSettlement(settlement, Ed25519Signer.generate().ownerId),
      (error: unknown) => error instanceof SettlementContractMismatchError && error.code === 'EVM_SETTLEMENT_CONTRACT_MISMATCH' && /its shards start at 0x1212/.test(error.message),
    )
  })
})
