import { isVerityError } from '@verity/core'
import { sdlSlotOps, SlotDirectory } from '@verity/ledger'
import { createCircuitProver, cutSdlBatches, resolveBackend, StateTree, verifyPolicy, verifySdl, type CircuitProver, type ProofArtifact } from '@verity/prover'
import { verifyMandateBundle, type MandateVerification } from '@verity/sdk'
import { SdlProofInvalidError } from '../errors/settlementErrors.ts'
import type { SdlProofCheck, SdlProofVerifier } from './SdlProofVerifier.ts'
import { verifyGuardrailProofs } from './verifyGuardrailProofs.ts'

export type ProverSdlVerifierOptions = {
  /** CRS directory; default the prover's (VERITY_CRS_PATH, else the build's dev CRS) */
  crsPath?: string
  /** refuse dev-CRS proofs */
  production?: boolean
  /** extractor keys trusted for mandate payments' evidence; none: every SDL with a mandate payment is refused */
  trustedExtractorKeys?: readonly string[]
}

/**
 * Verifies SDL proofs with @verity/prover. The first artifacts are the SDL's chain of batch
 * proofs (one per batch of `cutSdlBatches`), checked by `verifySdl` against the content,
 * its hash, the shard's root and slot directory. The rest are guardrail proofs. When the agreement
 * declares guardrail templates, `verifyGuardrailProofs` requires one policy proof per transaction
 * per template, with the template hash, evidence commitment and intent id recomputed here.
 * Otherwise (program ids only) each program id needs an artifact whose `circuit_hash` is that id
 * and which verifies with its circuit: that says nothing of which template or transaction. The prover (bb.js workers) starts on first use, so a node that only serves queries
 * never loads it.
 */
export class ProverSdlVerifier implements SdlProofVerifier {
  #prover: CircuitProver | undefined
  #emptyRoot: Promise<string> | undefined

  constructor(readonly options: ProverSdlVerifierOptions = {}) {}

  async verifySdlProofs(check: SdlProofCheck): Promise<void> {
    const prover = this.#proverInstance()
    const { content } = check
    const batchCount = this.#batchCount(check)
    const sdlProofs = check.proofs.slice(0, batchCount) as ProofArtifact[]
    const guardrailProofs = check.proofs.slice(batchCount) as ProofArtifact[]
    const rootBefore = check.rootBefore ?? (await this.#emptyRootHex())
    const result = await this.#verifying(() =>
      verifySdl(prover, { artifacts: sdlProofs, content, root_before_expected: rootBefore, directory: SlotDirectory.fromKeys(check.slotKeys) }),
    )
    if (!result.ok) throw new SdlProofInvalidError({ reason: result.reason })
    if (check.guardrails !== undefined && check.guardrails.length > 0) {
      await verifyGuardrailProofs(
        prover,
        { content, hash: check.hash, proofs: guardrailProofs, guardrails: check.guardrails, programIds: check.guardrailProgramIds },
        (run) => this.#verifying(run),
      )
      return
    }
    for (const programId of check.guardrailProgramIds) {
      const artifact = guardrailProofs.find((candidate) => candidate.circuit_hash === programId)
      if (artifact === undefined) throw new SdlProofInvalidError({ reason: `no proof of guardrail program ${programId}` })
      const verified = await this.#verifying(() => prover.verifyCircuit(artifact.circuit, artifact))
      if (!verified.ok) throw new SdlProofInvalidError({ reason: `guardrail ${programId}: ${verified.reason}` })
    }
  }

  async verifyMandate(bundle: unknown): Promise<MandateVerification> {
    const prover = this.#proverInstance()
    return this.#verifying(() =>
      verifyMandateBundle(bundle, {
        verifier: { verifyPolicy: (params) => verifyPolicy(prover, params) },
        trustedExtractorKeys: this.options.trustedExtractorKeys ?? [],
        // Settlement, not admission: a payment a domain admitted before every payable intent had to
        // name its agents may sit in an unsettled SDL (docs/domain.md, "Mandate payments").
        agentsRequired: false,
        ...(this.options.production === undefined ? {} : { production: this.options.production }),
      }),
    )
  }

  /** Which Barretenberg verifies (the native bb when it runs here, else wasm), known before the prover starts on first use. */
  get backend(): 'native' | 'wasm' {
    return this.#prover?.backend ?? resolveBackend('auto').kind
  }

  async close(): Promise<void> {
    const prover = this.#prover
    this.#prover = undefined
    await prover?.close()
  }

  #proverInstance(): CircuitProver {
    this.#prover ??= createCircuitProver({
      ...(this.options.crsPath === undefined ? {} : { crsPath: this.options.crsPath }),
      ...(this.options.production === undefined ? {} : { production: this.options.production }),
      workers: 1,
    })
    return this.#prover
  }

  /** How many batch proofs the SDL needs (the rest of the artifacts are guardrail proofs). */
  #batchCount(check: SdlProofCheck): number {
    try {
      return cutSdlBatches(SlotDirectory.fromKeys(check.slotKeys).plan(sdlSlotOps(check.content))).length
    } catch (error) {
      if (isVerityError(error)) throw new SdlProofInvalidError({ reason: error.message }, { cause: error })
      throw error
    }
  }

  #emptyRootHex(): Promise<string> {
    this.#emptyRoot ??= StateTree.create().then((tree) => tree.rootHex)
    return this.#emptyRoot
  }

  /** Runs a verification, turning the prover's typed refusals (dev CRS in production, bad shape) into a proof refusal. */
  async #verifying<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      if (isVerityError(error)) throw new SdlProofInvalidError({ reason: error.message }, { cause: error })
      throw error
    }
  }
}
