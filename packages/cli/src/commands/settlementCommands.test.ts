// `verity deploy-contracts`, `verity settlement show` and `verity settlement abandon` against a real
// local EVM node (127.0.0.1), with real SDL proofs.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { encodeBase58 } from '@verity/core'
import { createCircuitProver, EVM_PROOF_SYSTEM, StateTree } from '@verity/prover'
import { EvmSettlementClient, LOCAL_EVM_DEV_KEY, startLocalEvmNode, type LocalEvmNode } from '@verity/settlement-evm'
import { mintSdlCall } from '../../../settlement-evm/src/testing/mintSdlCall.ts'
import { freePorts } from '../testing/freePorts.ts'
import { runCliCaptured } from '../testing/runCliCaptured.ts'

const run = (args: readonly string[]) => runCliCaptured(...args)

let node: LocalEvmNode
before(async () => {
  node = await startLocalEvmNode({ port: (await freePorts(1))[0]! })
})
after(() => node?.close())

test('deploy-contracts deploys the verifier and VeritySettlement; settlement show reads the shard from the contract', async () => {
  const deployed = await run(['deploy-contracts', '--rpc', node.rpcUrl, '--dev-account', '--json'])
  assert.equal(deployed.code, 0, deployed.stderr)
  const result = JSON.parse(deployed.stdout) as { settlement: string; verifier: string; chainId: number; crs: string; system: string; verifierDeployedBytes: number }
  assert.equal(result.chainId, 31337)
  assert.equal(result.crs, 'ignition')
  assert.equal(result.system, EVM_PROOF_SYSTEM)
  assert.doesNotMatch(deployed.stderr, /INSECURE/)

  const shown = await run(['settlement', 'show', '--rpc', node.rpcUrl, '--contract', result.settlement, '--shard', '4', '--sdl', '11111111111111111111111111111111', '--json'])
  assert.equal(shown.code, 0, shown.stderr)
  const state = JSON.parse(shown.stdout) as Record<string, unknown>
  assert.equal(state.operator, null)
  assert.equal(state.sdlCount, '0')
  assert.equal(state.root, (await StateTree.create()).rootHex, 'an unsettled shard starts at the empty tree root')
  assert.deepEqual(state.sdl, { hash: `0x${'00'.repeat(32)}`, settled: false })
  const verifier = state.verifier as { address: string; current: boolean }
  assert.deepEqual({ ...verifier, address: verifier.address.toLowerCase() }, { address: result.verifier.toLowerCase(), current: true }, "the contract's verifier is this version's SDL verifier")

  // Without flags: the chain and contract come from VERITY_EVM_RPC_URL and VERITY_EVM_CONTRACT (else the devnet's domain.yaml), as vault show --finalized finds them.
  const saved = { rpc: process.env.VERITY_EVM_RPC_URL, contract: process.env.VERITY_EVM_CONTRACT }
  Object.assign(process.env, { VERITY_EVM_RPC_URL: node.rpcUrl, VERITY_EVM_CONTRACT: result.settlement })
  try {
    const fromEnv = await run(['settlement', 'show', '--shard', '4', '--json'])
    assert.equal(fromEnv.code, 0, fromEnv.stderr)
    assert.equal((JSON.parse(fromEnv.stdout) as { root: string }).root, state.root)
  } finally {
    for (const [name, value] of [['VERITY_EVM_RPC_URL', saved.rpc], ['VERITY_EVM_CONTRACT', saved.contract]] as const) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
})

test('settlement show names a half-settled SDL; settlement abandon drops it with the domain.yaml\'s operator key', async () => {
  const deployed = JSON.parse((await run(['deploy-contracts', '--rpc', node.rpcUrl, '--dev-account', '--json'])).stdout) as { settlement: `0x${string}`; chainId: number }
  const shard = 5
  const dir = mkdtempSync(join(tmpdir(), 'verity-abandon-'))
  const prover = createCircuitProver({ workers: 1, proofSystem: EVM_PROOF_SYSTEM })
  try {
    writeFileSync(join(dir, 'evm.key'), `${LOCAL_EVM_DEV_KEY}\n`, { mode: 0o600 })
    const config = join(dir, 'domain.yaml')
    writeFileSync(config, ['shard: 5', 'keypair: operator.json', 'settlement:', '  kind: evm', `  rpc_url: ${node.rpcUrl}`, `  chain_id: ${deployed.chainId}`, `  contract: '${deployed.settlement}'`, '  account_key_file: evm.key', ''].join('\n'))
    // A domain's SDL of 3 batch proofs, its first part sent, the domain then gone (its parts never sent).
    const client = await EvmSettlementClient.connect({ rpcUrl: node.rpcUrl, chainId: deployed.chainId, contract: deployed.settlement, privateKey: LOCAL_EVM_DEV_KEY, confirmations: 1, batchesPerTransaction: 1 })
    await client.registerAgreement(shard, `0x${'11'.repeat(32)}`)
    const { call } = await mintSdlCall(prover, { shard, holders: 4 })
    await client.sendSettlementPart(call, 0, false)
    for (let i = 0; (await client.getPendingSdl(shard)) === null; i++) assert.ok(i < 100, 'the first part never landed')
    const hash = encodeBase58(Buffer.from(call.sdlHash.slice(2), 'hex'))

    const show = () => run(['settlement', 'show', '--rpc', node.rpcUrl, '--contract', deployed.settlement, '--shard', String(shard)])
    const shown = await show()
    assert.match(shown.stdout, new RegExp(`pending +SDL ${hash}: 1 batch proof\\(s\\) verified, its next part not yet sent .*verity settlement abandon --sdl ${hash}`))
    const other = encodeBase58(new Uint8Array(32).fill(7))
    const refused = await run(['settlement', 'abandon', '--sdl', other, '--config', config])
    assert.equal(refused.code, 1)
    assert.match(refused.stderr, new RegExp(`SdlPending\\(5, ${call.sdlHash}\\)`), 'another SDL than the pending one is refused, naming the pending one')

    const abandoned = await run(['settlement', 'abandon', '--sdl', hash, '--config', config, '--json'])
    assert.equal(abandoned.code, 0, abandoned.stderr)
    assert.deepEqual({ ...JSON.parse(abandoned.stdout), tx_hash: undefined }, { shard, sdl: hash, batches_verified: 1, tx_hash: undefined })
    assert.match((await show()).stdout, /pending +none/)
    const again = await run(['settlement', 'abandon', '--sdl', hash, '--config', config])
    assert.equal(again.code, 1)
    assert.match(again.stderr, /NoPendingSdl\(5\)/)
  } finally {
    await prover.close()
    rmSync(dir, { recursive: true, force: true })
  }
})

test('bad arguments are usage errors, before any network call', async () => {
  assert.equal((await run(['deploy-contracts', '--rpc', 'ftp://x'])).code, 2)
  assert.equal((await run(['deploy-contracts', '--rpc', 'http://127.0.0.1:1'])).code, 2, 'no key given')
  assert.equal((await run(['settlement', 'show', '--rpc', 'http://127.0.0.1:1', '--contract', '0x12'])).code, 2)
  assert.equal((await run(['settlement', 'abandon', '--config', 'domain.yaml'])).code, 2, 'no --sdl')
  assert.equal((await run(['settlement', 'abandon', '--sdl', 'not-base58!', '--config', 'domain.yaml'])).code, 2)
})
