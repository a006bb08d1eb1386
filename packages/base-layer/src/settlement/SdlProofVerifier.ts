import type { HashDigest } from '@verity/core'
import type { MandateVerification } from '@verity/sdk'
import type { SdlContent } from '@verity/ledger'
import type { AgreementRecord } from '../store/BaseLayerStore.ts'
import type { ProofArtifactJson } from './readProofs.ts'

/** What the verifier checks: the SDL, its hash, the proofs sent with it, the agreement's guardrails. */
export type SdlProofCheck = {
  content: SdlContent
  hash: HashDigest
  proofs: ProofArtifactJson[]
  guardrailProgramIds: readonly string[]
  /** the agreement's declared guardrail templates (proof order); empty: only the program ids are checked */
  guardrails?: NonNullable<AgreementRecord['guardrails']>
  /** the shard's slot keys before this SDL, in index order (to place its slot operations) */
  slotKeys: readonly bigint[]
  /** the shard's finalized root, or null before its first SDL: then `root_before` must be the empty tree's root */
  rootBefore: string | null
}

/**
 * The proving port of the base layer: resolves when `proofs` establish `content` (its hash, its
 * roots, its transactions) and every guardrail of the agreement, or throws `SdlProofInvalidError`
 * with the reason. The production implementation is `ProverSdlVerifier` over @verity/prover.
 */
export interface SdlProofVerifier {
  verifySdlProofs(check: SdlProofCheck): Promise<void>
  /** Verifies a mandate payment's proof bundle with the node's trusted extractor keys (@verity/sdk verifyMandateBundle). */
  verifyMandate(bundle: unknown): Promise<MandateVerification>
  close(): Promise<void>
}
