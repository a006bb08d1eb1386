// EVM settlement: gas per proof verified, gas per settled SDL and per transfer, and settlement
// latency, on a local Hardhat node (127.0.0.1). SDLs are proven in process for the EVM verifier
// and settled through VeritySettlement and the generated verifier: a setup SDL (the mint that funds
// the senders, reported as such), SDLs of 1 and EVM_BENCH_SENDERS transfers, and (full run) a busy
// shard's SDL, EVM_BENCH_LARGEST_TRANSFERS round-robin transfers, which settles over several
// transactions (SETTLE_BATCHES_PER_TX_MAX batch proofs each), and as many transfers between random
// pairs of EVM_BENCH_VAULTS vaults (after a mint that funds them). Latency is the settleSdl call: per
// transaction a gas estimate, the send and the receipt, the last one with 1 confirmation.
import { Ed25519Signer } from '@verity/core'
import { executeBatch, limits as ledgerLimits, MemoryLedger, type SdlContent, type VerifiableType } from '@verity/ledger'
import { proveSdl, sealSdl, StateTree, type CircuitProver, type ProofArtifact } from '@verity/prover'
import { deploySettlement, EvmSettlementClient, evmSettlementLimits, LOCAL_EVM_DEV_KEY, sdlSettlementCall, startLocalEvmNode } from '@verity/settlement-evm'
import { createPublicClient, encodeFunctionData, http, parseAbi, type Address, type Hex } from 'viem'
import { addressOf, createFungible, debit, TEST_SHARD } from '../packages/ledger/src/testing/shardFixture.ts'
import { freePort } from '../packages/settlement-evm/src/testing/freePort.ts'
import { createEvmBenchProver } from './lib/evmBenchProver.ts'
import type { BenchSettings } from './lib/benchSettings.ts'
import { nowMs } from './lib/stats.ts'

/** Senders of the measured SDLs; the second SDL has one transfer from each. */
const EVM_BENCH_SENDERS = 8
/** Transfers of the full run's largest SDL (a busy shard: the senders paying one receiver in turn); several settlement transactions. */
const EVM_BENCH_LARGEST_TRANSFERS = 1_000
/** Vaults of the full run's other busy SDL: EVM_BENCH_LARGEST_TRANSFERS transfers between random pairs of them. */
const EVM_BENCH_VAULTS = 100
/** Seed of the pseudo-random pairs, so that every run settles the same SDL. */
const EVM_BENCH_PAIRS_SEED = 12_345

/** `id`: the figure key, `evm.sdl.<id>` (setup, 1, 8, largest); `transactions`: settlement transactions sent. */
export type EvmSdlMeasurement = { id: string; label: string; transfers: number; proofs: number; transactions: number; gasUsed: number; settleMs: number }
export type EvmSettlementResult = {
  /** which proof system made the proofs and generated the verifier */
  proofSystem: string
  verifierDeployedBytes: number
  deployGas: { verifier: number; settlement: number }
  /** one batch proof checked by a direct call of the verifier's verify(): 21,000 transaction gas and calldata included */
  verifyGas: number
  proofBytes: number
  sdls: EvmSdlMeasurement[]
}

export async function measureEvmSettlement(settings: BenchSettings): Promise<EvmSettlementResult> {
  const node = await startLocalEvmNode({ port: await freePort() })
  const { prover, proofSystem } = createEvmBenchProver()
  try {
    const deployed = await deploySettlement({ rpcUrl: node.rpcUrl, privateKey: LOCAL_EVM_DEV_KEY })
    const client = await EvmSettlementClient.connect({ rpcUrl: node.rpcUrl, chainId: evmSettlementLimits.LOCAL_EVM_CHAIN_ID, contract: deployed.settlement, privateKey: LOCAL_EVM_DEV_KEY, confirmations: 1 })
    await client.registerAgreement(TEST_SHARD, `0x${'11'.repeat(32)}`)
    const chain = new SdlChain(prover, client, await StateTree.create())
    const senders = Array.from({ length: EVM_BENCH_SENDERS }, () => Ed25519Signer.generate())
    const issuer = Ed25519Signer.generate()
    const token = addressOf(issuer)
    const sdls: EvmSdlMeasurement[] = []
    sdls.push(await chain.settle('setup', 'setup: mint to the senders', 0, [createFungible(issuer, 1n, senders.map((s) => ({ address: addressOf(s), amount: 1_000_000n })))]))
    const verifyGas = await directVerifyGas(node.rpcUrl, deployed.verifier, chain.lastProofs[0]!)
    const proofBytes = Buffer.from(chain.lastProofs[0]!.proof, 'base64').length
    const receiver = addressOf(Ed25519Signer.generate())
    const transfers = new RoundRobinTransfers(senders, receiver, token)
    const sizes = settings.quick ? [1] : [1, EVM_BENCH_SENDERS]
    for (const count of sizes) sdls.push(await chain.settle(String(count), `${count} transfer${count === 1 ? '' : 's'}`, count, transfers.take(count)))
    if (!settings.quick) {
      sdls.push(await chain.settle('largest', `${EVM_BENCH_LARGEST_TRANSFERS} transfers`, EVM_BENCH_LARGEST_TRANSFERS, transfers.take(EVM_BENCH_LARGEST_TRANSFERS)))
      sdls.push(...(await settleBetweenVaults(chain)))
    }
    return { proofSystem, verifierDeployedBytes: deployed.verifierDeployedBytes, deployGas: { verifier: Number(deployed.gasUsed.verifier), settlement: Number(deployed.gasUsed.settlement) }, verifyGas, proofBytes, sdls }
  } finally {
    await prover.close()
    await node.close()
  }
}

/** A mint to EVM_BENCH_VAULTS vaults (setup), then EVM_BENCH_LARGEST_TRANSFERS transfers of 1 unit between pseudo-random pairs of them, each SDL settled whole. */
async function settleBetweenVaults(chain: SdlChain): Promise<EvmSdlMeasurement[]> {
  const vaults = Array.from({ length: EVM_BENCH_VAULTS }, () => Ed25519Signer.generate())
  const issuer = Ed25519Signer.generate()
  const token = addressOf(issuer)
  const setup = await chain.settle('setup_vaults', `setup: mint to ${EVM_BENCH_VAULTS} vaults`, 0, [createFungible(issuer, 1n, vaults.map((v) => ({ address: addressOf(v), amount: 1_000_000n })))])
  const nonces = vaults.map(() => 0n)
  let seed = EVM_BENCH_PAIRS_SEED
  // A vault from the generator's high bits (its low bits repeat with a short period).
  const pick = (count: number) => Math.floor(((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * count)
  const transfers = Array.from({ length: EVM_BENCH_LARGEST_TRANSFERS }, () => {
    const from = pick(EVM_BENCH_VAULTS)
    const to = (from + 1 + pick(EVM_BENCH_VAULTS - 1)) % EVM_BENCH_VAULTS
    nonces[from]! += 1n
    return debit(vaults[from]!, nonces[from]!, addressOf(vaults[to]!), { [token]: { Fungible: 1n } })
  })
  const label = `${EVM_BENCH_LARGEST_TRANSFERS} transfers between ${EVM_BENCH_VAULTS} vaults`
  return [setup, await chain.settle(`vaults${EVM_BENCH_VAULTS}`, label, EVM_BENCH_LARGEST_TRANSFERS, transfers)]
}

/** Gas of one transaction calling the verifier's verify(proof, publicInputs) with a valid proof. */
async function directVerifyGas(rpcUrl: string, verifier: Address, proof: ProofArtifact): Promise<number> {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: evmSettlementLimits.EVM_RPC_TIMEOUT_MS }) })
  const abi = parseAbi(['function verify(bytes proof, bytes32[] publicInputs) view returns (bool)'])
  const args = [`0x${Buffer.from(proof.proof, 'base64').toString('hex')}` as Hex, proof.public_inputs as Hex[]] as const
  const ok = await client.readContract({ address: verifier, abi, functionName: 'verify', args })
  if (!ok) throw new Error('the deployed verifier does not accept a proof the prover made')
  const gas = await client.estimateGas({ account: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', to: verifier, data: encodeFunctionData({ abi, functionName: 'verify', args }) })
  return Number(gas)
}

/** Transfers of 1 unit of `token` from each sender in turn to one receiver, with the senders' next nonces. */
class RoundRobinTransfers {
  readonly #nonces: bigint[]

  constructor(
    private readonly senders: readonly Ed25519Signer[],
    private readonly receiver: string,
    private readonly token: string,
  ) {
    this.#nonces = senders.map(() => 0n)
  }

  /** The next `count` transfers, without using their nonces. */
  peek(count: number): VerifiableType[] {
    const nonces = [...this.#nonces]
    return Array.from({ length: count }, (_, i) => {
      const at = i % this.senders.length
      nonces[at]! += 1n
      return debit(this.senders[at]!, nonces[at]!, this.receiver, { [this.token]: { Fungible: 1n } })
    })
  }

  /** The next `count` transfers; their nonces are used. */
  take(count: number): VerifiableType[] {
    const transfers = this.peek(count)
    for (let i = 0; i < count; i++) this.#nonces[i % this.senders.length]! += 1n
    return transfers
  }
}

/** The shard's SDLs, cut, proven and settled one after another. */
class SdlChain {
  readonly #ledger = new MemoryLedger()
  #sequence = 0
  #previous: string | null = null
  lastProofs: ProofArtifact[] = []

  constructor(
    private readonly prover: CircuitProver,
    private readonly client: EvmSettlementClient,
    private readonly tree: StateTree,
  ) {}

  async settle(id: string, label: string, transfers: number, verifiables: VerifiableType[]): Promise<EvmSdlMeasurement> {
    const transactions = []
    for (let at = 0; at < verifiables.length; at += ledgerLimits.BATCH_LENGTH_MAX) {
      const result = executeBatch(this.#ledger, verifiables.slice(at, at + ledgerLimits.BATCH_LENGTH_MAX), TEST_SHARD)
      if (result.transactions.length !== Math.min(ledgerLimits.BATCH_LENGTH_MAX, verifiables.length - at)) throw new Error(`${label}: some transactions refused`)
      this.#ledger.commit(result)
      transactions.push(...result.transactions)
    }
    this.#sequence++
    const { content, witness } = sealSdl(this.tree, {
      shard: TEST_SHARD,
      sequence: this.#sequence,
      previous_hash: this.#previous,
      incoming_credits: { from_cursor: 0, to_cursor: 0, credits: [] },
      transactions,
    })
    const proofs = await proveSdl(this.prover, witness)
    this.lastProofs = proofs
    const startedMs = nowMs()
    const settled = await this.client.settleSdl(sdlSettlementCall(content as SdlContent, proofs))
    const settleMs = nowMs() - startedMs
    this.#previous = witness.sdlHash
    const sent = Math.ceil(proofs.length / evmSettlementLimits.SETTLE_BATCHES_PER_TX_MAX)
    return { id, label: sent > 1 ? `${label}, ${sent} transactions` : label, transfers, proofs: proofs.length, transactions: sent, gasUsed: Number(settled.gasUsed ?? 0n), settleMs }
  }
}
