import type { ProofBundle as ProofBundleSchema, Static } from '@verity/wire'

/**
 * What GET /proofs/{intent_id} returns (docs/orchestrator.md, "Proof format"): everything an
 * offline verifier needs. The static type of the route's response schema (@verity/wire
 * ProofBundle); `verifyProofBundle` still checks a bundle field by field, since it may come from
 * anywhere.
 */
export type ProofBundle = Static<typeof ProofBundleSchema>
