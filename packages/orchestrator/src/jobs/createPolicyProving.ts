import { assertTemplateFitsCircuit, createProver, randomSalt, type Prover } from '@verity/prover'
import type { PolicyProving } from './PolicyProving.ts'

export type PolicyProvingOptions = {
  /** An existing prover to use (it is then not closed by `close`). */
  prover?: Prover
  crsPath?: string
  threads?: number
  log?: (line: string) => void
}

/**
 * The orchestrator's prover: @verity/prover's universal policy circuit. Each proof commits to the
 * evidence with a fresh random salt, published beside the artifact: `{artifact, salt}` (salt as a
 * decimal string), so the evidence commitment hides the evidence from anyone without the bundle.
 */
export function createPolicyProving(options: PolicyProvingOptions = {}): PolicyProving {
  const isOwned = options.prover === undefined
  const prover =
    options.prover ??
    createProver({
      ...(options.crsPath === undefined ? {} : { crsPath: options.crsPath }),
      ...(options.threads === undefined ? {} : { threads: options.threads }),
      ...(options.log === undefined ? {} : { log: options.log }),
    })
  return {
    assertTemplateFits: (compiled) => assertTemplateFitsCircuit(compiled),
    async prove(input) {
      const salt = randomSalt()
      const artifact = await prover.provePolicy({
        compiled: input.compiled,
        attrs: input.attrs,
        evidence: input.evidence,
        intentId: input.intentId,
        salt,
      })
      return { artifact, salt: salt.toString() }
    },
    close: async () => {
      if (isOwned) await prover.close()
    },
  }
}
