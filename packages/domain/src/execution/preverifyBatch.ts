// Verifies the Ed25519 signatures of a batch on the verifier pool's worker threads before the
// batch queues for its group commit, and records each one that verifies, so the ledger's laws
// (run later, in the commit's serial section) do not verify it again on the event loop. Nothing
// is decided here: an element that does not parse or does not verify is left to the laws, which
// refuse it with their usual error and index.
import { canonicalJsonBytes, parseSignature, rememberVerifiedSignature, type Ed25519VerifierPool } from '@verity/core'
import { parseVerifiable, parseVerifiableWithDiffs, verifiableParts, type VerifiableType } from '@verity/ledger'
import type { BatchMode } from './applyBatch.ts'

export async function preverifyBatch(batch: readonly unknown[], mode: BatchMode, pool: Ed25519VerifierPool): Promise<void> {
  const checks: Promise<void>[] = []
  for (const [index, json] of batch.entries()) {
    let verifiable: VerifiableType
    try {
      verifiable = mode === 'execute' ? parseVerifiable(json, `body[${index}]`) : parseVerifiableWithDiffs(json, `body[${index}]`).verifiable
    } catch {
      return // a malformed element fails the batch in the laws anyway
    }
    const { message } = verifiableParts(verifiable)
    const signature = message.signature
    if (signature === null || typeof signature !== 'object') continue
    try {
      const parsed = parseSignature(signature)
      if (parsed.scheme !== 'Ed25519') continue
      const bytes = canonicalJsonBytes(message.payload, 'payload')
      checks.push(pool.verify(parsed, bytes).then((isValid) => (isValid ? rememberVerifiedSignature(signature, bytes) : undefined)))
    } catch {
      continue // a malformed signature: the laws give the error
    }
  }
  await Promise.all(checks)
}
