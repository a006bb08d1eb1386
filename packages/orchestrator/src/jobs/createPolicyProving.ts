import type { PolicyProving } from './PolicyProving.ts'

export type PolicyProvingOptions = { crsPath?: string; threads?: number; log?: (line: string) => void }

/** The orchestrator's prover: @verity/prover's policy circuit. (Wired when its policy prover lands.) */
export function createPolicyProving(options: PolicyProvingOptions = {}): PolicyProving {
  void options
  return {
    assertTemplateFits: () => {},
    prove: async () => {
      throw new Error('the policy prover is not available yet')
    },
    close: async () => {},
  }
}
