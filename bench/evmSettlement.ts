// EVM settlement: gas per settled SDL and per transfer, and settlement latency, on a local Hardhat
// node (127.0.0.1). SDLs of 1 and EVM_BENCH_TRANSFERS transfers are proven in process with the
// Keccak transcript and settled through VeritySettlement and the generated verifier; a setup SDL
// (the mint that funds the senders) is settled first and reported as such. Latency is the
// settleSdl call: simulation, gas estimate, send, and the receipt with 1 confirmation.
import { Ed25519Signer } from '@verity/core'
import { executeBatch, MemoryLedger, type SdlContent, type VerifiableType } from '@verity/ledger'
import { createCircuitProver, proveSdl, sealSdl, StateTree, type CircuitProver } from '@verity/prover'
import { deploySettlement, EvmSettlementClient, evmSettlementLimits, LOCAL_EVM_DEV_KEY, sdlSettlementCall, startLocalEvmNode } from '@verity/settlement-evm'
import { addressOf, createFungible, debit, TEST_SHARD } from '../packages/ledger/src/testing/shardFixture.ts'
import { freePort } from '../packages/settlement-evm/src/testing/freePort.ts'
import type { BenchSettings } from './lib/benchSettings.ts'
import { nowMs } from './lib/stats.ts'

/** Transfers of the larger measured SDL: 3 batch proofs, well within the contract's 8. */
const EVM_BENCH_TRANSFERS = 8

export type EvmSdlMeasurement = { label: string; transfers: number; proofs: number; gasUsed: number; settleMs: number }
export type EvmSettlementResult = {
  verifierDeployedBytes: number
  deployGas: { verifier: number; settlement: number }
  sdls: EvmSdlMeasurement[]
}

export async function measureEvmSettlement(settings: BenchSettings): Promise<EvmSettlementResult> {
  const node = await startLocalEvmNode({ port: await freePort() })
  const prover = createCircuitProver({ workers: 1, proofSystem: 'ultrahonk-keccak' })
  try {
    const deployed = await deploySettlement({ rpcUrl: node.rpcUrl, privateKey: LOCAL_EVM_DEV_KEY })
    const client = await EvmSettlementClient.connect({ rpcUrl: node.rpcUrl, chainId: evmSettlementLimits.LOCAL_EVM_CHAIN_ID, contract: deployed.settlement, privateKey: LOCAL_EVM_DEV_KEY, confirmations: 1 })
    await client.registerAgreement(TEST_SHARD, `0x${'11'.repeat(32)}`)
    const chain = new SdlChain(prover, client, await StateTree.create())
    const senders = Array.from({ length: EVM_BENCH_TRANSFERS }, () => Ed25519Signer.generate())
    const issuer = Ed25519Signer.generate()
    const token = addressOf(issuer)
    const sdls: EvmSdlMeasurement[] = []
    sdls.push(await chain.settle('setup: mint to the senders', 0, [createFungible(issuer, 1n, senders.map((s) => ({ address: addressOf(s), amount: 1_000n })))]))
    const receiver = addressOf(Ed25519Signer.generate())
    const sizes = settings.quick ? [1] : [1, EVM_BENCH_TRANSFERS]
    const nonces = new Map(senders.map((sender) => [sender, 0n]))
    for (const transfers of sizes) {
      const batch = senders.slice(0, transfers).map((sender) => {
        nonces.set(sender, nonces.get(sender)! + 1n)
        return debit(sender, nonces.get(sender)!, receiver, { [token]: { Fungible: 1n } })
      })
      sdls.push(await chain.settle(`${transfers} transfer${transfers === 1 ? '' : 's'}`, transfers, batch))
    }
    return { verifierDeployedBytes: deployed.verifierDeployedBytes, deployGas: { verifier: Number(deployed.gasUsed.verifier), settlement: Number(deployed.gasUsed.settlement) }, sdls }
  } finally {
    await prover.close()
    await node.close()
  }
}

/** The shard's SDLs, cut, proven and settled one after another. */
class SdlChain {
  readonly #ledger = new MemoryLedger()
  #sequence = 0
  #previous: string | null = null

  constructor(
    private readonly prover: CircuitProver,
    private readonly client: EvmSettlementClient,
    private readonly tree: StateTree,
  ) {}

  async settle(label: string, transfers: number, verifiables: VerifiableType[]): Promise<EvmSdlMeasurement> {
    const result = executeBatch(this.#ledger, verifiables, TEST_SHARD)
    this.#ledger.commit(result)
    this.#sequence++
    const { content, witness } = sealSdl(this.tree, {
      shard: TEST_SHARD,
      sequence: this.#sequence,
      previous_hash: this.#previous,
      incoming_credits: { from_cursor: 0, to_cursor: 0, credits: [] },
      transactions: result.transactions,
    })
    const proofs = await proveSdl(this.prover, witness)
    const startedMs = nowMs()
    const settled = await this.client.settleSdl(sdlSettlementCall(content as SdlContent, proofs))
    const settleMs = nowMs() - startedMs
    this.#previous = witness.sdlHash
    return { label, transfers, proofs: proofs.length, gasUsed: Number(settled.gasUsed ?? 0n), settleMs }
  }
}
