// Prover: prove and verify time and peak memory of the policy circuit's tiers (universal `policy`,
// `policy_small`, the one the README's template and the proposal bench use) and of the SDL
// circuit, each in its own child process so that maxRSS belongs to that circuit alone. Each child
// times its first proof apart (cold: the proving key's set-up is part of it) and then the warm
// proofs (the steady state, the figure every limit derived from a proof time uses).
import { startChild } from './lib/startChild.ts'
import type { BenchSettings } from './lib/benchSettings.ts'

export type CircuitResult = {
  circuit: BenchCircuit
  gates: number
  /** The first proof in the new prover: it includes the proving key's set-up. */
  proveColdMs: number
  /** The proofs after it, in the same prover (`settings.proofsPerCircuit` of them): the steady state. */
  proveWarmMs: number[]
  verifyColdMs: number
  verifyMs: number[]
  proofBytes: number
  maxRssMib: number
  baselineRssMib: number
}

export type BenchCircuit = 'policy' | 'policy_small' | 'sdl'
/**
 * Each circuit proven on all cores (one worker of as many threads: a proof's latency) by the native
 * bb and by its wasm (`<circuit>_wasm`), and
 * `policy_small_1thread`: the proposals' circuit on one bb.js thread, one core's share of
 * throughput (the limit of concurrent proposals is cores ÷ this time, not ÷ the all-cores time,
 * which would count the cores twice).
 */
export type ProverCircuitsResult = Partial<Record<BenchCircuit | `${BenchCircuit}_wasm` | 'policy_small_1thread', CircuitResult | { error: string }>>

export async function measureProverCircuits(settings: BenchSettings): Promise<ProverCircuitsResult> {
  const measure = async (circuit: BenchCircuit, threads?: number, backend: 'native' | 'wasm' = 'native'): Promise<CircuitResult | { error: string }> => {
    const child = startChild('services/circuitProver.ts', [circuit, String(settings.proofsPerCircuit), threads === undefined ? '' : String(threads), backend])
    try {
      const { type: _type, ...result } = await child.receive<CircuitResult & { type: string }>('result', 600_000)
      return result
    } catch (error) {
      return { error: error instanceof Error ? error.message.split('\n')[0]! : String(error) }
    } finally {
      await child.stop()
    }
  }
  // Native bb (what servers and the CLI use) and its wasm (browsers, machines where bb cannot run), circuit by circuit in the same run.
  const result: ProverCircuitsResult = {}
  for (const circuit of ['policy_small', 'policy', 'sdl'] as const) {
    result[circuit] = await measure(circuit)
    result[`${circuit}_wasm`] = await measure(circuit, undefined, 'wasm')
  }
  result.policy_small_1thread = await measure('policy_small', 1)
  return result
}
