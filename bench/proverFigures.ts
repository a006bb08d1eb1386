// The prover's figures: for each circuit, the warm proof (steady state: after a first proof in the
// same prover) with the native bb and with its wasm side by side, the first, cold proof apart (it
// sets up the proving key), verification and peak memory; and the proposals' circuit on one thread,
// the limit of concurrent proposals. Every limit derived from a proof time uses the warm figure.
import { totalmem } from 'node:os'
import type { BenchResults } from './lib/BenchResults.ts'
import { figure, missingFigure, type Figure, type Limit } from './lib/Figure.ts'
import { median } from './lib/stats.ts'
import type { BenchCircuit, CircuitResult } from './proverCircuits.ts'

/** Goal: a proof verifies in at most this long (after the first verification, which loads the key). */
export const PROOF_VERIFY_MS_MAX = 50
/** Goal: the native bb proves at least this many times faster than its wasm (warm proofs, same run). */
export const WASM_OVER_NATIVE_PROVE_MIN = 2.5

export const PROVER_SECTION = 'Prover (Barretenberg 5 zero-knowledge UltraHonk, Ignition CRS, 1 worker)'
const CIRCUITS: readonly BenchCircuit[] = ['policy_small', 'policy', 'sdl']

/** The steady-state proof time of a measured circuit: the median of its warm proofs. */
export const warmProveMs = (result: CircuitResult): number => median(result.proveWarmMs)

/** A circuit's result when it was measured, undefined when it was not or failed. */
function measured(result: CircuitResult | { error: string } | undefined): CircuitResult | undefined {
  return result === undefined || 'error' in result ? undefined : result
}

export function proverFigures(results: BenchResults): Figure[] {
  const figures: Figure[] = []
  for (const circuit of CIRCUITS) {
    const native = results.prover?.[circuit]
    if (native === undefined && results.errors.prover === undefined) continue
    const result = measured(native)
    if (result === undefined) {
      const reason = (native !== undefined && 'error' in native ? native.error : undefined) ?? results.errors.prover ?? 'not run'
      figures.push(missingFigure({ id: `prover.${circuit}.prove.warm`, section: PROVER_SECTION, name: `${circuit} circuit: prove, warm (native bb)`, unit: 'ms' }, reason))
      figures.push(missingFigure({ id: `prover.${circuit}.verify`, section: PROVER_SECTION, name: `${circuit} circuit: verify`, unit: 'ms', goal: verifyGoal(null) }, reason))
      continue
    }
    figures.push(...proveFigures(circuit, result, results.prover?.[`${circuit}_wasm`]))
    const verify = median(result.verifyMs)
    figures.push(figure({ id: `prover.${circuit}.verify`, section: PROVER_SECTION, name: `${circuit} circuit: verify`, value: verify, unit: 'ms', goal: verifyGoal(verify), note: `first verification (verification key) ${Math.round(result.verifyColdMs)} ms` }))
    const memory: Limit = { name: 'machine memory', value: totalmem() / 1024 / 1024, unit: 'MiB' }
    figures.push(figure({ id: `prover.${circuit}.maxRss`, section: PROVER_SECTION, name: `${circuit} circuit: peak memory (process maxRSS)`, value: result.maxRssMib, unit: 'MiB', limit: memory, note: `${Math.round(result.baselineRssMib)} MiB before proving (native: the bb process is not counted)` }))
  }
  figures.push(...oneThreadFigures(measured(results.prover?.policy_small_1thread)))
  return figures
}

const verifyGoal = (value: number | null) => ({ text: `≤ ${PROOF_VERIFY_MS_MAX} ms`, pass: value === null ? null : value <= PROOF_VERIFY_MS_MAX })

/**
 * Native warm, wasm warm beside it (its limit, so the ratio is wasm ÷ native), then each backend's
 * cold proof beside its own warm one (the ratio is what the proving key's set-up adds).
 */
function proveFigures(circuit: BenchCircuit, native: CircuitResult, wasmResult: CircuitResult | { error: string } | undefined): Figure[] {
  const section = PROVER_SECTION
  const nativeWarm = warmProveMs(native)
  const shape = `${native.gates.toLocaleString('en-US')} gates, proof ${native.proofBytes.toLocaleString('en-US')} B`
  const nativeLimit: Limit = { name: `${circuit}, warm, native bb`, value: nativeWarm, unit: 'ms' }
  const figures = [figure({ id: `prover.${circuit}.prove.warm`, section, name: `${circuit} circuit: prove, warm (native bb)`, value: nativeWarm, unit: 'ms', note: `${shape}; median of ${native.proveWarmMs.length} proofs after a first one in the same prover` })]
  const wasm = measured(wasmResult)
  const wasmGoal = (ratio: number | null) => ({ text: `native ≥ ${WASM_OVER_NATIVE_PROVE_MIN}× faster`, pass: ratio === null ? null : ratio >= WASM_OVER_NATIVE_PROVE_MIN })
  const wasmBase = { id: `prover.${circuit}.prove.wasm.warm`, section, name: `${circuit} circuit: prove, warm (wasm)`, unit: 'ms', limit: nativeLimit }
  if (wasm === undefined) {
    if (wasmResult !== undefined) figures.push(missingFigure({ ...wasmBase, goal: wasmGoal(null) }, 'error' in wasmResult ? wasmResult.error : 'not run'))
  } else {
    const wasmWarm = warmProveMs(wasm)
    figures.push(figure({ ...wasmBase, value: wasmWarm, goal: wasmGoal(wasmWarm / nativeWarm), note: `median of ${wasm.proveWarmMs.length} proofs after a first one; ratio = wasm ÷ native, same run` }))
  }
  const coldNote = 'the first proof in a new prover (circuit loaded, worker started): it includes the proving key set-up; ratio = cold ÷ warm'
  figures.push(figure({ id: `prover.${circuit}.prove.cold`, section, name: `${circuit} circuit: first proof, cold (native bb)`, value: native.proveColdMs, unit: 'ms', limit: nativeLimit, note: coldNote }))
  if (wasm !== undefined) {
    const wasmLimit: Limit = { name: `${circuit}, warm, wasm`, value: warmProveMs(wasm), unit: 'ms' }
    figures.push(figure({ id: `prover.${circuit}.prove.wasm.cold`, section, name: `${circuit} circuit: first proof, cold (wasm)`, value: wasm.proveColdMs, unit: 'ms', limit: wasmLimit }))
  }
  return figures
}

/** The proposals' circuit on one thread (one core's share of throughput), warm, and its cold proof apart. */
function oneThreadFigures(oneThread: CircuitResult | undefined): Figure[] {
  if (oneThread === undefined) return []
  const warm = warmProveMs(oneThread)
  return [
    figure({ id: 'prover.policy_small.prove.1thread.warm', section: PROVER_SECTION, name: 'policy_small circuit: prove on one thread (one core), warm', value: warm, unit: 'ms', note: `median of ${oneThread.proveWarmMs.length} proofs after a first one; the limit of concurrent proposals is cores ÷ this` }),
    figure({ id: 'prover.policy_small.prove.1thread.cold', section: PROVER_SECTION, name: 'policy_small circuit: first proof on one thread, cold', value: oneThread.proveColdMs, unit: 'ms', limit: { name: 'policy_small on one thread, warm', value: warm, unit: 'ms' } }),
  ]
}
