import { attestationSalt, choosePolicyTier, createProver, newAttestationSaltNonce, randomSalt, type Prover } from '@verity/prover'
import { assertIntentSetsFit } from './intentSetsFit.ts'
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
 * The orchestrator's prover: @verity/prover's policy circuit, on the smallest tier that fits
 * (`choosePolicyTier`: the template's when it is submitted, and per proof the smallest that also
 * holds the sets of the attrs and evidence; the artifact's `circuit` names it and verifiers pick the
 * key by it). Each proof commits to the
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
    backend: prover.backend,
    assertTemplateFits: (compiled) => {
      choosePolicyTier(compiled)
    },
    assertIntentFits: assertIntentSetsFit,
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
        // A sealed intent's attrs commitment ends with its secret salt (never published: the proof object does not carry it).
        ...(input.attrsSalt === undefined ? {} : { attrsSalt: input.attrsSalt }),
        // The template's tier, unless a set of these attrs or this evidence is too large for it.
        circuit: choosePolicyTier(input.compiled, { attrs: input.attrs, evidence: input.evidence }).circuit,
      })
      const attested = input.attestation === null ? {} : { attestation: input.attestation, attestation_salt_nonce: nonce }
      return { artifact, salt: salt.toString(), ...attested }
    },
    // Every tier's circuit, key and one throw-away proof in every worker: no proposal pays for
    // loading its tier, nor for the first proof's cold bb.js threads and wasm code.
    warmUp: () => prover.warmUpPolicy(),
    close: async () => {
      if (isOwned) await prover.close()
    },
  }
}
