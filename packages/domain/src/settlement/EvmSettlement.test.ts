// The domain's EVM settlement port on a real local EVM node (Hardhat, 127.0.0.1), with real proofs:
// an SDL that meets another SDL half settled on chain (a domain restored from a backup taken before
// that SDL's first part, say) is not failed: the refusal is "not now" (SDL_OUT_OF_ORDER, so the
// pipeline keeps it Proven) and names the pending SDL and the command that drops it; once the
// operator has abandoned that SDL, this one settles.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { encodeBase58 } from '@verity/core'
import { EvmSettlementClient, evmSettlementLimits, LOCAL_EVM_DEV_KEY } from '@verity/settlement-evm'
import { mintSdlCall } from '../../../settlement-evm/src/testing/mintSdlCall.ts'
import { startSettlementChain, type SettlementChain } from '../../../settlement-evm/src/testing/startSettlementChain.ts'
import { EvmSettlement } from './EvmSettlement.ts'

const SHARD = 6
let chain: SettlementChain
before(async () => {
  chain = await startSettlementChain()
})
after(() => chain?.close())

test('an SDL meeting another SDL half settled on chain waits, naming it, and settles once the operator abandons that one', async () => {
  const client = await EvmSettlementClient.connect({ rpcUrl: chain.node.rpcUrl, chainId: evmSettlementLimits.LOCAL_EVM_CHAIN_ID, contract: chain.deployed.settlement, privateKey: LOCAL_EVM_DEV_KEY, confirmations: 1, batchesPerTransaction: 1 })
  const settlement = new EvmSettlement(client, { confirmations: 1, operatorOwnerId: encodeBase58(new Uint8Array(32).fill(1)) })
  await client.registerAgreement(SHARD, `0x${'11'.repeat(32)}`)
  // The lost history's SDL: its first part landed, then its domain's data was lost.
  const { call: lostCall } = await mintSdlCall(chain.prover, { shard: SHARD, holders: 4 })
  await client.sendSettlementPart(lostCall, 0, false)
  for (let i = 0; (await client.getPendingSdl(SHARD)) === null; i++) assert.ok(i < 100, 'the first part never landed')
  const lostHash = encodeBase58(Buffer.from(lostCall.sdlHash.slice(2), 'hex'))

  const ours = await mintSdlCall(chain.prover, { shard: SHARD, holders: 2 })
  const refused = await settlement.submitSdl({ content: ours.content, proofs: ours.proofs, signature: null })
  assert.equal(refused.status, 'failed')
  assert.equal(refused.status === 'failed' && refused.code, 'SDL_OUT_OF_ORDER', 'not a verdict on this SDL: the pipeline keeps it Proven')
  assert.match(refused.status === 'failed' ? refused.reason : '', new RegExp(`SDL ${lostHash} of shard ${SHARD} is half settled on chain.*verity settlement abandon --sdl ${lostHash}`))
  assert.equal((await client.shardState(SHARD)).sdlCount, 0n)

  await client.abandonPendingSdl(SHARD, lostCall.sdlHash)
  const applied = await settlement.submitSdl({ content: ours.content, proofs: ours.proofs, signature: null })
  assert.equal(applied.status, 'applied', applied.status === 'failed' ? applied.reason : '')
  assert.equal(applied.status === 'applied' && applied.root, ours.content.root_after)
  assert.equal((await client.shardState(SHARD)).root, ours.content.root_after)
})
