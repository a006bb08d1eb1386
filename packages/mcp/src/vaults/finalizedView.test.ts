// get_vault's finalized view (issue 37), through a real MCP client linked in memory to the server:
// a domain settling on the base layer (a real base layer over loopback HTTP), and a domain settling
// on a real local EVM node (Hardhat on 127.0.0.1) after a real SDL proof, its inclusion proof
// checked against the root read from the contract; a domain that lies (a loopback proxy rewriting
// its answer) is refused with FINALIZED_PROOF_INVALID.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { startBaseLayer, type RunningBaseLayer } from '@verity/base-layer'
import { Ed25519Signer, formatAddress, parseJsonBigint, stringifyJsonBigint } from '@verity/core'
import { startDomain, type RunningDomain } from '@verity/domain'
import { signVerifiable } from '@verity/ledger'
import { DomainClient, type EvmFinalizedVaultAnswer } from '@verity/sdk'
import { deploySettlement, evmSettlementLimits, LOCAL_EVM_DEV_KEY, startLocalEvmNode, type DeployedSettlement, type LocalEvmNode } from '@verity/settlement-evm'
import { createToolDependencies } from '../createToolDependencies.ts'
import { createVerityMcpServer } from '../createVerityMcpServer.ts'
import { callError, callOk } from '../testing/startMcpDevnet.ts'
import type { VerityMcpOptions } from '../VerityMcpOptions.ts'

const SHARD = 1
const PROVEN_WAIT_ATTEMPTS_MAX = 1_200
const GENESIS_BALANCE = 5_000_000n

const closers: (() => Promise<void>)[] = []

/** An MCP client linked in memory to a server with these options. */
async function connect(options: VerityMcpOptions): Promise<Client> {
  const { deps, close } = createToolDependencies(options)
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await createVerityMcpServer(deps).connect(serverSide)
  const client = new Client({ name: 'finalized-test', version: '1.0.0' })
  await client.connect(clientSide)
  closers.push(async () => {
    await client.close()
    await close()
  })
  return client
}

/** A loopback proxy in front of the domain that rewrites its finalized-vault answers with `tamper`. */
async function startTamperingProxy(target: string, tamper: (answer: EvmFinalizedVaultAnswer) => void): Promise<string> {
  const server: Server = createServer((request, response) => {
    void (async () => {
      const upstream = await fetch(`${target}${request.url}`)
      let text = await upstream.text()
      if (request.url?.endsWith('/finalized') && upstream.status === 200) {
        const answer = parseJsonBigint(text) as EvmFinalizedVaultAnswer
        tamper(answer)
        text = stringifyJsonBigint(answer)
      }
      response.writeHead(upstream.status, { 'content-type': 'application/json' }).end(text)
    })().catch(() => response.writeHead(502).end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(() => new Promise((resolve) => server.close(() => resolve())))
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`
}

const dir = mkdtempSync(join(tmpdir(), 'verity-mcp-finalized-'))
after(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined)
  rmSync(dir, { recursive: true, force: true })
})

/**
 * One SDL settled: a mint crediting alice 100 and her transfer of 30 to bob, proven and submitted;
 * then alice sends bob 5 more, which stays local (not settled).
 */
async function settleOneSdl(domainUrl: string, keys: { mintKey: Ed25519Signer; alice: Ed25519Signer; bob: Ed25519Signer }): Promise<void> {
  const { mintKey, alice, bob } = keys
  const token = formatAddress(mintKey.ownerId, SHARD)
  const client = new DomainClient(domainUrl)
  const mint = signVerifiable(mintKey, 'FungibleTokenMint', { new_nonce: 1n, shard: SHARD, operation: { Create: { metadata: { name: 'Settled', symbol: 'STL' }, credited: [{ address: formatAddress(alice.ownerId, SHARD), amount: 100n }] } } })
  const transfer = signVerifiable(alice, 'DebitAllowance', { new_nonce: 1n, debited_shard: SHARD, credited: formatAddress(bob.ownerId, SHARD), allowances: { [token]: { Fungible: 30n } } })
  await client.execute([mint, transfer])
  const hash = (await client.submitSdl())!
  await client.proveSdl(hash)
  for (let attempt = 0; (await client.getSdl(hash)) !== 'Proven'; attempt++) {
    assert.ok(attempt < PROVEN_WAIT_ATTEMPTS_MAX, 'the SDL was not proven in time')
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  assert.equal(await client.submitProof(hash), 'BaseLayerApplied')
  await client.execute([signVerifiable(alice, 'DebitAllowance', { new_nonce: 2n, debited_shard: SHARD, credited: formatAddress(bob.ownerId, SHARD), allowances: { [token]: { Fungible: 5n } } })])
}

function domainConfig(name: string, keypairPath: string) {
  return { shard: SHARD, keypairPath, apiPort: 0, apiHost: '127.0.0.1', dataDir: join(dir, name), guardrails: [], prover: {}, creditsPullIntervalMs: 0 }
}

describe('get_vault with finalized: true, on a domain settling on the base layer', { timeout: 600_000 }, () => {
  const operator = Ed25519Signer.generate()
  const keys = { mintKey: Ed25519Signer.generate(), alice: Ed25519Signer.generate(), bob: Ed25519Signer.generate() }
  let baseLayer: RunningBaseLayer
  let domain: RunningDomain

  before(async () => {
    baseLayer = await startBaseLayer({ port: 0, host: '127.0.0.1', logLevel: 'silent', dataDir: join(dir, 'base-layer'), genesis: { accounts: [{ ownerId: operator.ownerId, balance: GENESIS_BALANCE }], agreementActivationDelayMs: 0 }, env: {} })
    closers.push(() => baseLayer.close())
    operator.toKeyFile(join(dir, 'operator-bl.json'))
    domain = await startDomain({ config: { ...domainConfig('domain-bl', join(dir, 'operator-bl.json')), rpcUrl: baseLayer.url }, env: {}, logLevel: 'silent' })
    closers.push(() => domain.close())
    await settleOneSdl(domain.url, keys)
  })

  test("the base layer's view beside the domain's local one; a vault never settled is null there", async () => {
    const client = await connect({ orchestratorUrl: 'http://127.0.0.1:1', domainUrl: domain.url, baseLayerUrl: baseLayer.url })
    const local = await callOk(client, 'get_vault', { owner_id: keys.alice.ownerId })
    assert.equal(local.finalized, undefined, 'no finalized view unless asked')
    // Money as money beside the raw integer, the token by its name from its mint (STL has no decimals).
    const held = (local.balances as Array<{ token: string; token_name?: string; amount: string; amount_shown: string }>).find((balance) => balance.token !== 'native')!
    assert.deepEqual({ name: held.token_name, amount: held.amount, shown: held.amount_shown }, { name: 'Settled (STL)', amount: '65', shown: '65 minor units of STL' })
    const shown = await callOk(client, 'get_vault', { owner_id: keys.alice.ownerId, finalized: true })
    assert.match(JSON.stringify(shown.vault), /\b65\b/, 'the local view holds the unsettled transfer')
    assert.equal(shown.finalized.settlement, 'base_layer')
    assert.match(JSON.stringify(shown.finalized.vault), /\b70\b/, 'the balance as settled')
    assert.doesNotMatch(JSON.stringify(shown.finalized.vault), /\b65\b/)
    const stranger = await callOk(client, 'get_vault', { owner_id: Ed25519Signer.generate().ownerId, finalized: true })
    assert.deepEqual([stranger.exists, stranger.finalized], [false, { settlement: 'base_layer', vault: null }])
  })
})

describe('get_vault with finalized: true, on a domain settling on an EVM chain', { timeout: 600_000 }, () => {
  let node: LocalEvmNode
  let deployed: DeployedSettlement
  let domain: RunningDomain
  const mintKey = Ed25519Signer.generate()
  const alice = Ed25519Signer.generate()
  const bob = Ed25519Signer.generate()
  const token = formatAddress(mintKey.ownerId, SHARD)

  before(async () => {
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const port = (probe.address() as { port: number }).port
    await new Promise<void>((resolve) => probe.close(() => resolve()))
    node = await startLocalEvmNode({ port })
    closers.push(() => node.close())
    deployed = await deploySettlement({ rpcUrl: node.rpcUrl, privateKey: LOCAL_EVM_DEV_KEY })
    Ed25519Signer.generate().toKeyFile(join(dir, 'operator-evm.json'))
    writeFileSync(join(dir, 'evm.key'), `${LOCAL_EVM_DEV_KEY}\n`, { mode: 0o600 })
    const settlement = { kind: 'evm' as const, rpcUrl: node.rpcUrl, chainId: evmSettlementLimits.LOCAL_EVM_CHAIN_ID, contract: deployed.settlement, accountKeyFile: join(dir, 'evm.key'), confirmations: 1 }
    domain = await startDomain({ config: { ...domainConfig('domain-evm', join(dir, 'operator-evm.json')), settlement }, env: {}, logLevel: 'silent' })
    closers.push(() => domain.close())
    await settleOneSdl(domain.url, { mintKey, alice, bob })
  })

  test('the vault at the contract root, its proof checked, beside the local view', async () => {
    const client = await connect({ orchestratorUrl: 'http://127.0.0.1:1', domainUrl: domain.url, evmRpcUrl: node.rpcUrl })
    const shown = await callOk(client, 'get_vault', { owner_id: alice.ownerId, finalized: true })
    assert.match(JSON.stringify(shown.vault), /\b65\b/, 'the local view holds the unsettled transfer')
    const finalized = shown.finalized
    assert.deepEqual([finalized.settlement, finalized.proof_checked, finalized.chain_id, finalized.in_finalized_state], ['evm', true, 31337, true])
    assert.equal(finalized.contract.toLowerCase(), deployed.settlement.toLowerCase())
    assert.deepEqual(finalized.vault.fungibles, { [token]: 70 }, 'the balance as settled')
    assert.equal(finalized.vault.nonce, 1)
    assert.equal(finalized.sdl.sequence, 1)
    const stranger = await callOk(client, 'get_vault', { owner_id: Ed25519Signer.generate().ownerId, finalized: true })
    assert.deepEqual([stranger.finalized.in_finalized_state, stranger.finalized.vault, stranger.finalized.proof_checked], [false, null, true])
  })

  test('a domain that lies about the balance is refused: FINALIZED_PROOF_INVALID, nothing of its answer shown', async () => {
    const lying = await startTamperingProxy(domain.url, (answer) => {
      const slot = answer.slots.find((candidate) => candidate.kind === 'balance' && candidate.token === token)
      if (slot) slot.value = '1000000'
    })
    const client = await connect({ orchestratorUrl: 'http://127.0.0.1:1', domainUrl: lying, evmRpcUrl: node.rpcUrl })
    const refused = await callError(client, 'get_vault', { owner_id: alice.ownerId, finalized: true })
    assert.equal(refused.code, 'FINALIZED_PROOF_INVALID')
    assert.match(refused.message, /path does not lead to the chain's root/)
  })

  test('a pinned contract (--contract): the domain\'s own passes, an answer read from another contract is refused with EVM_CONTRACT_NOT_PINNED', async () => {
    const pinned = await connect({ orchestratorUrl: 'http://127.0.0.1:1', domainUrl: domain.url, evmRpcUrl: node.rpcUrl, evmContract: deployed.settlement })
    assert.equal((await callOk(pinned, 'get_vault', { owner_id: alice.ownerId, finalized: true })).finalized.proof_checked, true)
    const other = `0x${'12'.repeat(20)}`
    const elsewhere = await connect({ orchestratorUrl: 'http://127.0.0.1:1', domainUrl: domain.url, evmRpcUrl: node.rpcUrl, evmContract: other })
    const refused = await callError(elsewhere, 'get_vault', { owner_id: alice.ownerId, finalized: true })
    assert.equal(refused.code, 'EVM_CONTRACT_NOT_PINNED')
    assert.match(refused.message, new RegExp(`not from the contract you pinned \\(${other}\\)`))
  })

  test('a domain that names a contract other than a VeritySettlement of this version is refused: EVM_SETTLEMENT_CONTRACT_MISMATCH', async () => {
    // Code is there (the SDL verifier's), but no VeritySettlement: its "roots" would prove nothing.
    const lying = await startTamperingProxy(domain.url, (answer) => {
      answer.contract = deployed.verifier
    })
    const client = await connect({ orchestratorUrl: 'http://127.0.0.1:1', domainUrl: lying, evmRpcUrl: node.rpcUrl })
    const refused = await callError(client, 'get_vault', { owner_id: alice.ownerId, finalized: true })
    assert.equal(refused.code, 'EVM_SETTLEMENT_CONTRACT_MISMATCH')
    assert.match(refused.message, /is not a VeritySettlement of this version: its code is not this version's VeritySettlement/)
  })
})
