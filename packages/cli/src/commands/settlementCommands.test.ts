// `verity deploy-contracts` and `verity settlement show` against a real local EVM node (127.0.0.1).
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { EVM_PROOF_SYSTEM, StateTree } from '@verity/prover'
import { startLocalEvmNode, type LocalEvmNode } from '@verity/settlement-evm'
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

test('bad arguments are usage errors, before any network call', async () => {
  assert.equal((await run(['deploy-contracts', '--rpc', 'ftp://x'])).code, 2)
  assert.equal((await run(['deploy-contracts', '--rpc', 'http://127.0.0.1:1'])).code, 2, 'no key given')
  assert.equal((await run(['settlement', 'show', '--rpc', 'http://127.0.0.1:1', '--contract', '0x12'])).code, 2)
})
