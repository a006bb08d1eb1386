// What names a mandate payment's intent and proof, read from its proof bundle without verifying
// it: the spent-set key's parts (signer, intent id, digest of the signed intent) and the digest of
// the evidence. The domain reads the spent set with it before it verifies the bundle; a merchant
// asks the domain for exactly the payment of the proof it was shown (GET /payments?intent_digest=).
import { canonicalJsonBytes, hashDigest, intentDigestOf, isVerityError, ownerIdOfSignature, type HashDigest, type Signature } from '@verity/core'
import type { MandateKeyParts } from '@verity/ledger'
import { readSignedIntent } from '../proofs/readSignedIntent.ts'

export type MandateIdentity = MandateKeyParts & {
  /** base58 SHA-256 of JCS of the bundle's `evidence` (the evidence its proof is of) */
  evidenceDigest: HashDigest
}

/**
 * The identity of the payment a proof bundle authorizes: who signed (the payer), the intent's id,
 * the digest of its signed bytes and of the evidence. Cheap (no signature or proof is checked).
 * Null when the bundle is too malformed to say, or its intent is Unsigned.
 * @example const identity = mandateIdentityOf(await orchestrator.getProof(intentId))
 *          await domain.listPayments({ intentDigest: identity.intentDigest })
 */
export function mandateIdentityOf(bundle: unknown): MandateIdentity | null {
  try {
    const root = bundle as { signed_intent?: unknown; evidence?: unknown } | null
    const intent = readSignedIntent(root?.signed_intent)
    if (intent.authorship === 'Unsigned' || root?.evidence === undefined) return null
    return {
      payerOwnerId: ownerIdOfSignature(intent.authorship as Signature),
      intentId: intent.id,
      intentDigest: intentDigestOf(intent.signedBytes),
      evidenceDigest: evidenceDigestOf(root.evidence),
    }
  } catch (error) {
    if (isVerityError(error)) return null
    throw error
  }
}

/** base58 SHA-256 of JCS of a bundle's evidence (numbers and bigints canonicalize alike). */
export function evidenceDigestOf(evidence: unknown): HashDigest {
  return hashDigest(canonicalJsonBytes(evidence, 'evidence'))
}
