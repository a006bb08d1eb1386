// Verifies the Ed25519 signatures of a parsed batch on the verifier pool's worker threads before
// the batch queues for its group commit, and records each one that verifies, so the ledger's laws
// (run later, in the commit's serial section) do not verify it again on the event loop. Nothing
// is decided here: a signature that does not parse or does not verify is left to the laws, which
// refuse it with their usual error and index.
import { parseSignature, rememberVerifiedSignature, type Ed25519VerifierPool } from '@verity/core'
import { canonicalPayloadBytes, verifiableParts } from '@verity/ledger'
import type { BatchItem } from './applyBatch.ts'

export async function preverifyBatch(items: readonly BatchItem[], pool: Ed25519VerifierPool): Promise<void> {
  const checks: Promise<void>[] = []
  for (const { verifiable } of items) {
    if ('MandatePayment' in verifiable) continue // no signature: its bundle is verified by verifyMandates
    const { message } = verifiableParts(verifiable)
    const signature = message.signature
    if (signature === null || typeof signature !== 'object') continue
    try {
      const parsed = parseSignature(signature)
      if (parsed.scheme !== 'Ed25519') continue
      const bytes = canonicalPayloadBytes(message.payload)
      checks.push(pool.verify(parsed, bytes).then((isValid) => (isValid ? rememberVerifiedSignature(signature, bytes) : undefined)))
    } catch {
      continue // a malformed signature: the laws give the error
    }
  }
  await Promise.all(checks)
}
