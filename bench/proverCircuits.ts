// Prover: prove and verify time and peak memory of the policy circuit and of the SDL circuit,
// each in its own child process so that maxRSS belongs to that circuit alone.
import { startChild } from './lib/startChild.ts'
import type { BenchSettings } from './lib/benchSettings.ts'

export type CircuitResult = {
  circuit: 'policy' | 'sdl'
  gates: number
  proveMs: number[]
  verifyColdMs: number
  verifyMs: number[]
  proofBytes: number
  maxRssMib: number
  baselineRssMib: number
}

export type ProverCircuitsResult = { policy: CircuitResult | { error: string }; sdl: CircuitResult | { error: string } }

export async function measureProverCircuits(settings: BenchSettings): Promise<ProverCircuitsResult> {
  const measure = async (circuit: 'policy' | 'sdl'): Promise<CircuitResult | { error: string }> => {
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
  return { policy: await measure('policy'), sdl: await measure('sdl') }
}
