// Prover: prove and verify time and peak memory of the policy circuit's tiers (universal `policy`,
// `policy_small`, the one the README's template and the proposal bench use) and of the SDL
// circuit, each in its own child process so that maxRSS belongs to that circuit alone.
import { startChild } from './lib/startChild.ts'
import type { BenchSettings } from './lib/benchSettings.ts'

export type CircuitResult = {
  circuit: BenchCircuit
  gates: number
  proveMs: number[]
  verifyColdMs: number
  verifyMs: number[]
  proofBytes: number
  maxRssMib: number
  baselineRssMib: number
}

export type BenchCircuit = 'policy' | 'policy_small' | 'sdl'
export type ProverCircuitsResult = Partial<Record<BenchCircuit, CircuitResult | { error: string }>>

export async function measureProverCircuits(settings: BenchSettings): Promise<ProverCircuitsResult> {
  const measure = async (circuit: BenchCircuit): Promise<CircuitResult | { error: string }> => {
    const child = startChild('services/circuitProver.ts', [circuit, String(settings.proofsPerCircuit)])
    try {
      const { type: _type, ...result } = await child.receive<CircuitResult & { type: string }>('result', 600_000)
      return result
    } catch (error) {
      return { error: error instanceof Error ? error.message.split('\n')[0]! : String(error) }
    } finally {
      await child.stop()
    }
  }
  return { policy_small: await measure('policy_small'), policy: await measure('policy'), sdl: await measure('sdl') }
}
