// Child process: proves and verifies one circuit (`policy`, `policy_small` or `sdl`) with
// @verity/prover (one worker, zero-knowledge UltraHonk of Barretenberg 5): a first, cold proof (the
// first in this new prover, which sets up the proving key), then `count` warm ones (the steady
// state, what a running service pays per proof). Reports the times and this process's peak resident
// memory (worker threads included; a native bb is a process of its own, not counted).
// argv: <policy|policy_small|sdl> <count> [threads, '' = all cores] [native|wasm].
import { randomUUID } from 'node:crypto'
import { Ed25519Signer, formatAddress, type InputValue } from '@verity/core'
import { applyIncomingCredits, executeBatch, MemoryLedger, signVerifiable, type StateDiff } from '@verity/ledger'
import { compileTemplate } from '@verity/policy'
import { createProver, sealSdl, SDL_CIRCUIT, StateTree, type PolicyCircuitName, type Prover, type ProofArtifact } from '@verity/prover'
import { BENCH_SHARD } from '../lib/benchSettings.ts'
import { CLOTHING_TEMPLATE } from '../lib/benchTemplates.ts'
import { maxRssMib, runChild, tellParent } from '../lib/childSide.ts'
import { nowMs } from '../lib/stats.ts'

type CircuitRun = { prove(): Promise<ProofArtifact>; verify(artifact: ProofArtifact): Promise<boolean> }

/** The clothing template over the demo tee's evidence (what the orchestrator proves per proposal, on `circuit`). */
function policyRun(prover: Prover, circuit: PolicyCircuitName): CircuitRun {
  const compiled = compileTemplate(CLOTHING_TEMPLATE)
  const attrs: Record<string, InputValue> = { acceptable_categories: ['t-shirt', 'polo'], acceptable_colors: ['White', 'Black'], size: 'M', audience: 'unisex', max_price_cents: 2500n }
  const evidence: Record<string, InputValue> = { category: 't-shirt', color: 'White', brand: 'Verity Basics', size: 'M', audience: 'unisex', price_cents: 1999n }
  const intentId = randomUUID()
  return {
    prove: () => prover.provePolicy({ compiled, attrs, evidence, intentId, circuit }),
    verify: async (artifact) => (await prover.verifyPolicy({ artifact, compiled, attrs, evidence, intentId })).ok,
  }
}

/** One SDL batch: incoming native credits to 4 vaults, then native transfers, 16 slot ops (the circuit's size is fixed: a batch proves in the same time however full). */
async function sdlRun(prover: Prover): Promise<CircuitRun> {
  const signers = Array.from({ length: 4 }, () => Ed25519Signer.generate())
  const address = (index: number) => formatAddress(signers[index % signers.length]!.ownerId, BENCH_SHARD)
  const ledger = new MemoryLedger()
  const credits: StateDiff[] = signers.map((_, index) => ({ address: address(index), operation: { TokenDiffs: { native: { Fungible: 1_000n } } } }))
  ledger.commit({ vaults: applyIncomingCredits(ledger, credits, BENCH_SHARD), nonces: new Map() })
  // 4 credit ops + 4 transfers × 3 ops (nonce, debit, credit) = 16 ops on 8 slots, one batch.
  const transfers = signers.map((signer, index) =>
    signVerifiable(signer, 'DebitAllowance', { new_nonce: 1n, debited_shard: BENCH_SHARD, credited: address(index + 1), allowances: { native: { Fungible: 10n } } }),
  )
  const batch = executeBatch(ledger, transfers, BENCH_SHARD)
  const { witness } = sealSdl(await StateTree.create(), {
    shard: BENCH_SHARD,
    sequence: 1,
    previous_hash: null,
    incoming_credits: { from_cursor: 0, to_cursor: credits.length, credits },
    transactions: batch.transactions,
  })
  // more slots than one batch proof reads from the tree (SDL_PATHS_PER_PROOF); every batch proof has the same fixed size, so batch 0 is timed.
  if (witness.batches.length < 1) throw new Error('expected an SDL batch')
  return {
    prove: () => prover.proveCircuit(SDL_CIRCUIT, witness.batches[0]!.inputs),
    verify: async (artifact) => (await prover.verifyCircuit(SDL_CIRCUIT, artifact)).ok,
  }
}

runChild(async () => {
  const circuit = process.argv[2]
  const count = Number(process.argv[3] ?? 1)
  if (circuit !== 'policy' && circuit !== 'policy_small' && circuit !== 'sdl') throw new Error('usage: circuitProver.ts <policy|policy_small|sdl> <count>')
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`circuitProver.ts: <count> of warm proofs must be a positive integer, got ${process.argv[3]}`)
  const baselineRssMib = process.memoryUsage().rss / 1024 / 1024
  const threads = process.argv[4] === undefined || process.argv[4] === '' ? undefined : Number(process.argv[4])
  const backend = process.argv[5] === 'wasm' ? 'wasm' : 'native'
  const prover = createProver({ workers: 1, backend, ...(threads === undefined ? {} : { threads }) })
  try {
    const name = circuit === 'sdl' ? SDL_CIRCUIT : circuit
    const size = await prover.circuitSize(name) // loads the circuit and starts the worker: not part of a proof
    const run = circuit === 'sdl' ? await sdlRun(prover) : policyRun(prover, circuit)
    const artifacts: ProofArtifact[] = []
    const timedProof = async () => {
      const start = nowMs()
      artifacts.push(await run.prove())
      return nowMs() - start
    }
    // The first proof sets up the proving key (and whatever else the backend builds on first use): reported apart.
    const proveColdMs = await timedProof()
    const proveWarmMs: number[] = []
    for (let i = 0; i < count; i++) proveWarmMs.push(await timedProof())
    // The first verification computes (or reads) the verification key; it is reported apart.
    const verifyMs: number[] = []
    for (let i = 0; i < Math.max(3, count) + 1; i++) {
      const start = nowMs()
      if (!(await run.verify(artifacts[i % artifacts.length]!))) throw new Error(`${circuit} proof did not verify`)
      verifyMs.push(nowMs() - start)
    }
    tellParent({
      type: 'result',
      circuit,
      gates: size.gates,
      proveColdMs,
      proveWarmMs,
      verifyColdMs: verifyMs[0]!,
      verifyMs: verifyMs.slice(1),
      proofBytes: Buffer.from(artifacts[0]!.proof, 'base64').length,
      maxRssMib: maxRssMib(),
      baselineRssMib,
    })
  } finally {
    await prover.close()
  }
})
