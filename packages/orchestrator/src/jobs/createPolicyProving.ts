import { assertTemplateFitsCircuit, attestationSalt, createProver, newAttestationSaltNonce, POLICY_CIRCUIT, randomSalt, type Prover } from '@verity/prover'
import type { PolicyProving } from './PolicyProving.ts'

export type PolicyProvingOptions = {
  /** An existing prover to use (it is then not closed by `close`). */
  prover?: Prover
  crsPath?: string
  threads?: number
  /** Prover worker threads (each one bb.js instance with `threads` threads); proposals beyond them queue, FIFO. */
  workers?: number
  log?: (line: string) => void
}

/**
 * The orchestrator's prover: @verity/prover's universal policy circuit. Each proof commits to the
 * evidence with a fresh salt, published beside the artifact: `{artifact, salt}` (salt as a decimal
 * string), so the evidence commitment hides the evidence from anyone without the bundle. With an
 * attestation the salt is attestationSalt(attestation, nonce) and the proof object also carries
 * `attestation` and `attestation_salt_nonce`: a verifier recomputes the salt from them.
 */
export function createPolicyProving(options: PolicyProvingOptions = {}): PolicyProving {
  const isOwned = options.prover === undefined
  const prover =
    options.prover ??
    createProver({
      ...(options.crsPath === undefined ? {} : { crsPath: options.crsPath }),
      ...(options.threads === undefined ? {} : { threads: options.threads }),
      ...(options.workers === undefined ? {} : { workers: options.workers }),
      ...(options.log === undefined ? {} : { log: options.log }),
    })
  return {
    assertTemplateFits: (compiled) => assertTemplateFitsCircuit(compiled),
    async prove(input) {
      // Attested evidence: the salt is derived from the attestation, so the proof's evidence
      // commitment (a public input) binds the proof to it. Unattested: a random salt, as before.
      const nonce = input.attestation === null ? undefined : newAttestationSaltNonce()
      const salt = input.attestation === null ? randomSalt() : attestationSalt(input.attestation, nonce!)
      const artifact = await prover.provePolicy({
        compiled: input.compiled,
        attrs: input.attrs,
        evidence: input.evidence,
        intentId: input.intentId,
        salt,
      })
      const attested = input.attestation === null ? {} : { attestation: input.attestation, attestation_salt_nonce: nonce }
      return { artifact, salt: salt.toString(), ...attested }
    },
    warmUp: () => prover.warmUp([POLICY_CIRCUIT]),
    close: async () => {
      if (isOwned) await prover.close()
    },
  }
}
