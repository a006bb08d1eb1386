// The bench reports warm provers (issue 45, item 4): each circuit's prove figure is the median of
// the proofs after a first one in the same prover, the first (cold) proof is reported apart, the
// native bb and its wasm sit side by side, and every limit derived from a proof time (proposal
// latency, proposals per second at concurrency 8, an SDL's proving time) uses the warm figure.
// Runs bench/figures.ts over a run's results as plain data: the figures are a pure function of them.
import assert from 'node:assert/strict'
import { availableParallelism } from 'node:os'
import { test } from 'node:test'
import { buildFigures } from '../bench/figures.ts'
import type { BenchResults } from '../bench/lib/BenchResults.ts'
import type { Figure } from '../bench/lib/Figure.ts'
import type { BenchCircuit, CircuitResult } from '../bench/proverCircuits.ts'

/** A circuit measured with a cold first proof far slower than its warm ones, as a new prover's is. */
function circuit(name: BenchCircuit, proveColdMs: number, proveWarmMs: number[]): CircuitResult {
  return { circuit: name, gates: 3_423, proveColdMs, proveWarmMs, verifyColdMs: 45, verifyMs: [20, 22, 24], proofBytes: 8_384, maxRssMib: 300, baselineRssMib: 100 }
}

function results(prover: BenchResults['prover']): BenchResults {
  return {
    rawCrypto: [],
    errors: {},
    skipped: {},
    prover,
    proposals: { sequentialMs: [210, 200, 220], concurrent8Ms: [900, 1_000, 1_100, 1_200, 1_300, 1_400, 1_500, 1_600], failures: [], roundsOf8WallMs: [2_000] },
    sdl: { quick: true, opsPerProof: 72, slotsPerProof: 20, pathsPerProof: 4, errors: [], sdls: [{ kind: 'transfers', transfers: 140, workers: 2, slotOps: 424, paths: 24, proofs: 10, proveMs: 9_000, settleMs: 500 }] },
  }
}

const PROVER = {
  policy_small: circuit('policy_small', 1_930, [205, 195]),
  policy_small_wasm: circuit('policy_small', 4_000, [600, 500]),
  policy: circuit('policy', 3_000, [700, 710]),
  policy_wasm: circuit('policy', 6_000, [1_200, 1_400]),
  sdl: circuit('sdl', 9_000, [1_600, 1_500]),
  sdl_wasm: circuit('sdl', 20_000, [4_000, 4_200]),
  policy_small_1thread: circuit('policy_small', 2_500, [310, 300]),
}

function byId(figures: readonly Figure[], id: string): Figure {
  const found = figures.find((figure) => figure.id === id)
  assert.ok(found, `figure ${id} is reported (ids: ${figures.map((figure) => figure.id).join(', ')})`)
  return found
}

test('each circuit has a warm prove figure (median of the proofs after the first) and its cold first proof apart', () => {
  const figures = buildFigures(results(PROVER))
  // Nearest-rank median of 2: the smaller.
  assert.equal(byId(figures, 'prover.policy_small.prove.warm').value, 195)
  const cold = byId(figures, 'prover.policy_small.prove.cold')
  assert.equal(cold.value, 1_930)
  assert.equal(cold.limit?.value, 195, 'the cold proof is compared with the warm one')
  assert.ok(Math.abs(cold.ratio! - 1_930 / 195) < 1e-9)
  assert.equal(byId(figures, 'prover.sdl.prove.warm').value, 1_500)
  assert.equal(byId(figures, 'prover.sdl.prove.wasm.cold').value, 20_000)
  assert.equal(byId(figures, 'prover.policy_small.prove.1thread.warm').value, 300)
  assert.equal(byId(figures, 'prover.policy_small.prove.1thread.cold').value, 2_500)
  // The ids whose meaning changed (a first proof in a quick run) are gone, not silently redefined.
  for (const old of ['prover.policy_small.prove', 'prover.policy_small.prove.wasm', 'prover.policy_small.prove.1thread'])
    assert.equal(figures.find((figure) => figure.id === old), undefined, `${old} was renamed`)
})

test('native and wasm sit side by side for each circuit: the wasm figure has the native warm one as its limit', () => {
  const figures = buildFigures(results(PROVER))
  const ids = figures.map((figure) => figure.id)
  for (const name of ['policy_small', 'policy', 'sdl']) {
    const wasm = byId(figures, `prover.${name}.prove.wasm.warm`)
    assert.equal(wasm.limit?.value, byId(figures, `prover.${name}.prove.warm`).value)
    assert.equal(ids.indexOf(`prover.${name}.prove.wasm.warm`), ids.indexOf(`prover.${name}.prove.warm`) + 1, 'wasm right after native')
  }
  const small = byId(figures, 'prover.policy_small.prove.wasm.warm')
  assert.ok(Math.abs(small.ratio! - 500 / 195) < 1e-9)
  assert.equal(small.goal?.pass, true, '500 / 195 = 2.56× ≥ 2.5×')
  assert.equal(byId(figures, 'prover.policy.prove.wasm.warm').goal?.pass, false, '1,200 / 700 = 1.7× < 2.5×')
})

test('every limit derived from a proof time uses the warm figure', () => {
  const figures = buildFigures(results(PROVER))
  assert.equal(byId(figures, 'orchestrator.proposal.c1.p50').limit?.value, 195)
  const throughput = byId(figures, 'orchestrator.proposal.c8.throughput')
  assert.equal(throughput.limit?.value, (availableParallelism() * 1_000) / 300, 'cores ÷ one warm proof on one core')
  assert.match(throughput.limit!.name, /warm \(300 ms\)/)
  // 10 batch proofs × 1,500 ms ÷ 2 workers.
  assert.equal(byId(figures, 'domain.sdl.140.w2.prove').limit?.value, 7.5)
})

test('a backend that failed is reported n/a with its error, and the other figures stay', () => {
  const figures = buildFigures(results({ ...PROVER, sdl_wasm: { error: 'bb.js ran out of memory' }, policy: { error: 'bb exited (SIGKILL)' } }))
  const wasm = byId(figures, 'prover.sdl.prove.wasm.warm')
  assert.equal(wasm.value, null)
  assert.match(wasm.note ?? '', /bb\.js ran out of memory/)
  assert.equal(figures.find((figure) => figure.id === 'prover.sdl.prove.wasm.cold'), undefined)
  assert.equal(byId(figures, 'prover.sdl.prove.warm').value, 1_500)
  const policy = byId(figures, 'prover.policy.prove.warm')
  assert.equal(policy.value, null)
  assert.match(policy.note ?? '', /SIGKILL/)
  assert.equal(byId(figures, 'prover.policy.verify').value, null)
})
