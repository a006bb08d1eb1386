// Measures the SDL circuit: gates, witness (execute), prove and verify time of one full batch.
// Run from the repo root: node --import tsx packages/prover/src/sdl/benchSdl.ts [runs] [threads] [native|wasm]
import { Ed25519Signer } from '@verity/core'
import { executeBatch, limits, MemoryLedger, applyIncomingCredits, type StateDiff, type VerifiableType } from '@verity/ledger'
import { addressOf, debit, TEST_SHARD } from '../../../ledger/src/testing/shardFixture.ts'
import { createCircuitProver } from '../createCircuitProver.ts'
import { StateTree } from './StateTree.ts'
import { sealSdl } from './buildSdlWitness.ts'
import { proveSdl, SDL_CIRCUIT } from './proveSdl.ts'

const runs = Number(process.argv[2] ?? 3)
const threads = process.argv[3] === undefined || process.argv[3] === '' ? undefined : Number(process.argv[3])
const backend = process.argv[4] === 'wasm' || process.argv[4] === 'native' ? process.argv[4] : 'auto'
const signers = Array.from({ length: 6 }, () => Ed25519Signer.generate())
const ledger = new MemoryLedger()
const credits: StateDiff[] = signers.map((s) => ({ address: addressOf(s), operation: { TokenDiffs: { native: { Fungible: 1_000n } } } }))
ledger.commit({ vaults: applyIncomingCredits(ledger, credits, TEST_SHARD), nonces: new Map() })
// Native transfers are 3 slot ops each (nonce, debit, credit).
const verifiables: VerifiableType[] = []
for (let i = 0; i < Math.floor((limits.SDL_OPS_PER_PROOF - credits.length) / 3); i++)
  verifiables.push(debit(signers[i % signers.length]!, BigInt(Math.floor(i / signers.length) + 1), addressOf(signers[(i + 1) % signers.length]!), { native: { Fungible: 10n } }))
const result = executeBatch(ledger, verifiables, TEST_SHARD)
const tree = await StateTree.create()
const t0 = performance.now()
const { witness } = sealSdl(tree, {
  shard: TEST_SHARD,
  sequence: 1,
  previous_hash: null,
  incoming_credits: { from_cursor: 0, to_cursor: credits.length, credits },
  transactions: result.transactions,
})
const witnessMs = performance.now() - t0
const prover = createCircuitProver({ workers: 1, backend, ...(threads === undefined ? {} : { threads }) })
try {
  const size = await prover.circuitSize(SDL_CIRCUIT)
  console.log(`ops per proof ${limits.SDL_OPS_PER_PROOF}, slots per proof ${limits.SDL_SLOTS_PER_PROOF}, paths per proof ${limits.SDL_PATHS_PER_PROOF}, tree depth ${limits.STATE_TREE_DEPTH}; batch 0: ${witness.batches[0]!.opCount} ops on ${witness.batches[0]!.slotCount} slots, ${witness.batches[0]!.pathCount} paths`)
  console.log(`gates ${size.gates} (2^${Math.log2(size.subgroupSize)}), ${Math.round(size.gates / limits.SDL_OPS_PER_PROOF)} per op`)
  console.log(`host witness (tree updates) ${witnessMs.toFixed(1)} ms`)
  let start = performance.now()
  await prover.executeCircuit(SDL_CIRCUIT, witness.batches[0]!.inputs)
  console.log(`execute ${Math.round(performance.now() - start)} ms`)
  for (let run = 0; run < runs; run++) {
    start = performance.now()
    const cpu = process.cpuUsage()
    const [artifact] = await proveSdl(prover, witness)
    const proveMs = performance.now() - start
    const cpuMs = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1000
    start = performance.now()
    const verified = await prover.verifyCircuit(SDL_CIRCUIT, artifact!)
    console.log(`run ${run + 1} (${prover.backend}): prove ${Math.round(proveMs)} ms wall${prover.backend === 'wasm' ? ` (${Math.round(cpuMs)} ms CPU, all threads)` : ''}, verify ${Math.round(performance.now() - start)} ms (${verified.ok})`)
  }
} finally {
  await prover.close()
}
