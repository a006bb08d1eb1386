// Sealed intents (issue 35): proof time and circuit size of a sealed intent beside an open one of
// the same template, in the same run, on the two tiers the clothing template is proven on.
import { startChild } from './lib/startChild.ts'
import type { BenchSettings } from './lib/benchSettings.ts'

export type SealedTierResult = {
  circuit: 'policy_small' | 'policy'
  /** The circuit's size: an open intent proves on the same circuit with attrs salt 0. */
  gates: number
  open: { proveMs: number[]; verifyMs: number[] }
  sealed: { proveMs: number[]; verifyMs: number[] }
  /** The user's side: the commitments of every tier that holds the template and the attrs. */
  sealMs: number[]
}

export type SealedIntentsResult = Partial<Record<'policy_small' | 'policy', SealedTierResult | { error: string }>>

export async function measureSealedIntents(settings: BenchSettings): Promise<SealedIntentsResult> {
  const measure = async (circuit: 'policy_small' | 'policy'): Promise<SealedTierResult | { error: string }> => {
    const child = startChild('services/sealedProver.ts', [circuit, String(Math.max(2, settings.proofsPerCircuit))])
    try {
      const { type: _type, ...result } = await child.receive<SealedTierResult & { type: string }>('result', 900_000)
      return result
    } catch (error) {
      return { error: error instanceof Error ? error.message.split('\n')[0]! : String(error) }
    } finally {
      await child.stop()
    }
  }
  return { policy_small: await measure('policy_small'), policy: await measure('policy') }
}
