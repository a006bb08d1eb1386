// `verity vault show --finalized` on a domain settling on a real local EVM node (Hardhat on
// 127.0.0.1), issue 27: the vault as of the root VeritySettlement holds, its inclusion proof checked
// against the root the CLI reads from the contract; a vault not in the finalized state is a clear
// answer with exit 0; a tampered proof (through a loopback proxy in front of the domain) is refused.
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { Ed25519Signer, formatAddress, parseJsonBigint, stringifyJsonBigint } from '@verity/core'
import { startDomain, type RunningDomain } from '@verity/domain'
import { signVerifiable } from '@verity/ledger'
import { DomainClient, FinalizedProofError, verifyFinalizedVault, type EvmFinalizedVaultAnswer } from '@verity/sdk'
import { deploySettlement, evmSettlementLimits, LOCAL_EVM_DEV_KEY, readFinalizedRoot, startLocalEvmNode, type DeployedSettlement, type LocalEvmNode } from '@verity/settlement-evm'
import { freePorts } from '../testing/freePorts.ts'
import { runCliCaptured } from '../testing/runCliCaptured.ts'

const SHARD = 1
const PROVEN_WAIT_ATTEMPTS_MAX = 1_200

const run = (args: readonly string[]) => runCliCaptured(...args)

/** A loopback proxy in front of the domain that rewrites its finalized-vault answers with `tamper`. */
async function startTamperingProxy(target: string, tamper: (answer: EvmFinalizedVaultAnswer) => void): Promise<{ url: string; close(): Promise<void> }> {
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
  const { port } = server.address() as { port: number }
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

/** Runs `work` with the given environment variables set (undefined: unset), restoring them after. */
async function withEnv<T>(vars: Record<string, string | undefined>, work: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]))
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  apply(vars)
  try {
    return await work()
  } finally {
    apply(saved)
  }
}

describe('finalized vaults on an EVM-settled domain', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-evm-finalized-'))
  let node: LocalEvmNode
  let deployed: DeployedSettlement
  let domain: RunningDomain
  let client: DomainClient
  /** A block where the contract exists and the shard is still at the empty tree's root. */
  let deployedBlock: bigint
  const mintKey = Ed25519Signer.generate()
  const alice = Ed25519Signer.generate()
  const bob = Ed25519Signer.generate()
  const token = formatAddress(mintKey.ownerId, SHARD)
  const show = (ownerId: string, ...more: string[]) => run(['vault', 'show', ownerId, '--finalized', '--domain', domain.url, '--rpc', node.rpcUrl, ...more])

  before(async () => {
    node = await startLocalEvmNode({ port: (await freePorts(1))[0]! })
    deployed = await deploySettlement({ rpcUrl: node.rpcUrl, privateKey: LOCAL_EVM_DEV_KEY })
    deployedBlock = (await readFinalizedRoot({ rpcUrl: node.rpcUrl, contract: deployed.settlement, shard: SHARD })).blockNumber
    Ed25519Signer.generate().toKeyFile(join(dir, 'operator.json'))
    writeFileSync(join(dir, 'evm.key'), `${LOCAL_EVM_DEV_KEY}\n`, { mode: 0o600 })
    domain = await startDomain({
      logLevel: 'silent',
      config: {
        shard: SHARD,
        keypairPath: join(dir, 'operator.json'),
        apiPort: 0,
        apiHost: '127.0.0.1',
        dataDir: join(dir, 'data'),
        guardrails: [],
        prover: {},
        creditsPullIntervalMs: 0,
        settlement: { kind: 'evm', rpcUrl: node.rpcUrl, chainId: evmSettlementLimits.LOCAL_EVM_CHAIN_ID, contract: deployed.settlement, accountKeyFile: join(dir, 'evm.key'), confirmations: 1 },
      },
    })
    client = new DomainClient(domain.url)
  })
  after(async () => {
    await domain?.close()
    await node?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test('before any SDL settles, a vault is not in the finalized state: a clear answer, exit 0', async () => {
    const shown = await show(alice.ownerId)
    assert.equal(shown.code, 0, shown.stderr)
    assert.match(shown.stdout, new RegExp(`${alice.ownerId} is not in the finalized state of shard 1 .*no SDL has settled yet.*finalized on chain 31337 at block \\d+, proof checked`))
  })

  test('after an SDL settles on chain, the vault is shown as of the contract\'s root with its proof checked; later local changes are not', async () => {
    const mint = signVerifiable(mintKey, 'FungibleTokenMint', {
      new_nonce: 1n,
      shard: SHARD,
      operation: { Create: { metadata: { name: 'On chain', symbol: 'EVM' }, credited: [{ address: formatAddress(alice.ownerId, SHARD), amount: 100n }] } },
    })
    const transfer = signVerifiable(alice, 'DebitAllowance', { new_nonce: 1n, debited_shard: SHARD, credited: formatAddress(bob.ownerId, SHARD), allowances: { [token]: { Fungible: 30n } } })
    await client.execute([mint, transfer])
    const hash = (await client.submitSdl())!
    await client.proveSdl(hash)
    for (let attempt = 0; (await client.getSdl(hash)) !== 'Proven'; attempt++) {
      assert.ok(attempt < PROVEN_WAIT_ATTEMPTS_MAX, 'the SDL was not proven in time')
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    assert.equal(await client.submitProof(hash), 'BaseLayerApplied')
    // A local change after the settlement: the finalized view does not show it.
    await client.execute([signVerifiable(alice, 'DebitAllowance', { new_nonce: 2n, debited_shard: SHARD, credited: formatAddress(bob.ownerId, SHARD), allowances: { [token]: { Fungible: 5n } } })])

    const shown = await show(alice.ownerId)
    assert.equal(shown.code, 0, shown.stderr)
    assert.match(shown.stdout, /^finalized on chain 31337 at block \d+, proof checked\n/)
    const json = await show(alice.ownerId, '--json')
    const result = JSON.parse(json.stdout) as { proof_checked: boolean; chain_id: number; root: string; sdl: { hash: string; sequence: number }; vault: { nonce: number; fungibles: Record<string, number> } }
    assert.equal(result.proof_checked, true)
    assert.equal(result.chain_id, 31337)
    assert.deepEqual(result.sdl, { hash, sequence: 1 })
    assert.equal(result.root, (await readFinalizedRoot({ rpcUrl: node.rpcUrl, contract: deployed.settlement, shard: SHARD })).root.toLowerCase())
    assert.equal(result.vault.nonce, 1, 'the nonce as settled, not the local 2')
    assert.deepEqual(result.vault.fungibles, { [token]: 70 }, 'the balance as settled, not the local 65')
    const bobShown = JSON.parse((await show(bob.ownerId, '--json')).stdout) as { vault: { fungibles: Record<string, number> } }
    assert.deepEqual(bobShown.vault.fungibles, { [token]: 30 })

    const stranger = await show(Ed25519Signer.generate().ownerId)
    assert.equal(stranger.code, 0, stranger.stderr)
    assert.match(stranger.stdout, new RegExp(`is not in the finalized state of shard 1 .*last settled SDL ${hash}, #1`))
  })

  test("finds the devnet's chain by itself (verity up --settlement evm --evm-port N writes it in <data dir>/domain.yaml); --rpc and VERITY_EVM_RPC_URL still win", async () => {
    // The data directory of a devnet whose EVM node is not on the default port 8545: this test's node.
    const devnet = join(dir, 'devnet')
    mkdirSync(devnet, { recursive: true })
    const settlementYaml = (contract: string) =>
      ['shard: 1', `keypair: ${join(dir, 'operator.json')}`, 'settlement:', '  kind: evm', `  rpc_url: ${node.rpcUrl}`, `  chain_id: ${evmSettlementLimits.LOCAL_EVM_CHAIN_ID}`, `  contract: '${contract}'`, `  account_key_file: ${join(dir, 'evm.key')}`, '  confirmations: 1', 'data_dir: domain-evm', 'app:', '  api_port: 3000', ''].join('\n')
    writeFileSync(join(devnet, 'domain.yaml'), settlementYaml(deployed.settlement))
    const closed = `http://127.0.0.1:${(await freePorts(1))[0]!}`
    const plain = (ownerId: string, ...more: string[]) => run(['vault', 'show', ownerId, '--finalized', '--domain', domain.url, ...more])
    await withEnv({ VERITY_DATA_DIR: devnet, VERITY_EVM_RPC_URL: undefined }, async () => {
      const found = await plain(alice.ownerId, '--json')
      assert.equal(found.code, 0, found.stderr)
      assert.equal((JSON.parse(found.stdout) as { proof_checked: boolean }).proof_checked, true)
      const flagWins = await plain(alice.ownerId, '--rpc', closed)
      assert.equal(flagWins.code, 1)
      assert.match(flagWins.stderr, new RegExp(closed.replace(/[.:/]/g, '\\$&')))
    })
    await withEnv({ VERITY_DATA_DIR: devnet, VERITY_EVM_RPC_URL: closed }, async () => {
      const envWins = await plain(alice.ownerId)
      assert.equal(envWins.code, 1)
      assert.match(envWins.stderr, new RegExp(closed.replace(/[.:/]/g, '\\$&')))
      assert.equal((await plain(alice.ownerId, '--rpc', node.rpcUrl)).code, 0, 'the flag wins over the variable')
    })
    const { evmRpcUrl } = await import('../evmRpcUrl.ts')
    const settles = { chainId: evmSettlementLimits.LOCAL_EVM_CHAIN_ID, contract: deployed.settlement }
    assert.equal(await evmRpcUrl({}, { ...settles, contract: deployed.settlement.toUpperCase().replace('0X', '0x') }, { VERITY_DATA_DIR: devnet }), node.rpcUrl)
    // A devnet file naming another contract (or chain) is another devnet: not used.
    writeFileSync(join(devnet, 'domain.yaml'), settlementYaml(`0x${'12'.repeat(20)}`))
    assert.equal(await evmRpcUrl({}, settles, { VERITY_DATA_DIR: devnet }), `http://127.0.0.1:${evmSettlementLimits.LOCAL_EVM_PORT_DEFAULT}`)
    assert.equal(await evmRpcUrl({}, settles, { VERITY_DATA_DIR: join(dir, 'no-devnet-here') }), `http://127.0.0.1:${evmSettlementLimits.LOCAL_EVM_PORT_DEFAULT}`)
  })

  test('--contract (or VERITY_EVM_CONTRACT) pins the VeritySettlement the user trusts: an answer from another contract is refused, the flag winning', async () => {
    const pinned = await show(alice.ownerId, '--contract', deployed.settlement.toUpperCase().replace('0X', '0x'))
    assert.equal(pinned.code, 0, pinned.stderr)
    const other = `0x${'12'.repeat(20)}`
    const refused = await show(alice.ownerId, '--contract', other)
    assert.equal(refused.code, 1)
    assert.equal(refused.stdout, '')
    assert.match(refused.stderr, new RegExp(`read from contract ${deployed.settlement}, not from the contract you pinned \\(${other}\\)`, 'i'))
    await withEnv({ VERITY_EVM_CONTRACT: other }, async () => {
      assert.equal((await show(alice.ownerId)).code, 1, 'the variable pins too')
      assert.equal((await show(alice.ownerId, '--contract', deployed.settlement)).code, 0, 'the flag wins over the variable')
    })
    const malformed = await show(alice.ownerId, '--contract', '0x1234')
    assert.equal(malformed.code, 2)
    assert.match(malformed.stderr, /--contract \(or VERITY_EVM_CONTRACT\) must be a VeritySettlement address/)
  })

  test('a tampered proof is refused: by the SDK, and by the CLI behind a domain that lies', async () => {
    const answer = await client.getFinalizedVault(alice.ownerId)
    assert.equal(answer.settlement, 'evm')
    if (answer.settlement !== 'evm') return
    const { root } = await readFinalizedRoot({ rpcUrl: node.rpcUrl, contract: deployed.settlement, shard: SHARD })
    assert.equal((await verifyFinalizedVault(answer, { ownerId: alice.ownerId, root })).inFinalizedState, true)
    const balanceSlot = answer.slots.findIndex((slot) => slot.kind === 'balance' && slot.token === token)
    assert.ok(balanceSlot >= 0)
    const copy = () => structuredClone(answer)
    const moreMoney = copy()
    moreMoney.slots[balanceSlot]!.value = '1000000'
    await assert.rejects(verifyFinalizedVault(moreMoney, { ownerId: alice.ownerId, root }), (error) => error instanceof FinalizedProofError && /path does not lead to the chain's root/.test(error.message))
    const otherSibling = copy()
    otherSibling.slots[0]!.siblings[3] = `0x${'00'.repeat(31)}01`
    await assert.rejects(verifyFinalizedVault(otherSibling, { ownerId: alice.ownerId, root }), FinalizedProofError)
    const otherRoot = copy()
    otherRoot.root = `0x${'11'.repeat(32)}`
    await assert.rejects(verifyFinalizedVault(otherRoot, { ownerId: alice.ownerId, root }), /the answer is for root 0x1111/)
    // Bob's proof presented as Alice's: every key is recomputed from the asked vault's address.
    const bobs = await client.getFinalizedVault(bob.ownerId)
    assert.equal(bobs.settlement, 'evm')
    if (bobs.settlement !== 'evm') return
    await assert.rejects(verifyFinalizedVault({ ...bobs, owner_id: alice.ownerId, address: formatAddress(alice.ownerId, SHARD) }, { ownerId: alice.ownerId, root }), FinalizedProofError)

    const proxy = await startTamperingProxy(domain.url, (lying) => {
      const slot = lying.slots.find((candidate) => candidate.kind === 'balance' && candidate.token === token)
      if (slot) slot.value = '1000000'
    })
    try {
      const shown = await run(['vault', 'show', alice.ownerId, '--finalized', '--domain', proxy.url, '--rpc', node.rpcUrl])
      assert.equal(shown.code, 1)
      assert.equal(shown.stdout, '')
      assert.match(shown.stderr, /finalized vault refused: slot \d+ \(balance .*\): its path does not lead to the chain's root/)
    } finally {
      await proxy.close()
    }
    // The right proof, claimed for a block before the settlement: the chain held another root then.
    const olderBlock = await startTamperingProxy(domain.url, (lying) => {
      lying.block_number = deployedBlock.toString()
    })
    try {
      const shown = await run(['vault', 'show', alice.ownerId, '--finalized', '--domain', olderBlock.url, '--rpc', node.rpcUrl])
      assert.equal(shown.code, 1)
      assert.match(shown.stderr, /finalized vault refused: the answer is for root 0x[0-9a-f]{64}, the chain holds 0x[0-9a-f]{64}/)
    } finally {
      await olderBlock.close()
    }
    // A contract of the domain's choosing (here one with code, the SDL verifier, but no VeritySettlement): refused before its root is read.
    const otherContract = await startTamperingProxy(domain.url, (lying) => {
      lying.contract = deployed.verifier
    })
    try {
      const shown = await run(['vault', 'show', alice.ownerId, '--finalized', '--domain', otherContract.url, '--rpc', node.rpcUrl])
      assert.equal(shown.code, 1)
      assert.equal(shown.stdout, '')
      assert.match(shown.stderr, /is not a VeritySettlement of this version: its code is not this version's VeritySettlement/)
    } finally {
      await otherContract.close()
    }
  })
})
