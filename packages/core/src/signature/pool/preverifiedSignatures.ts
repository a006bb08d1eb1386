// Signatures already verified off the event loop (Ed25519VerifierPool) and the exact bytes they
// were verified over, so the synchronous check that follows in the same request (a ledger law,
// for one) does not verify them a second time. Keyed weakly by the signature object itself: an
// entry lives exactly as long as the parsed request that holds it. A hit needs the same object,
// the same fields (a snapshot guards against a mutation after the check) and the same bytes.
const verified = new WeakMap<object, { fieldsJson: string; message: Uint8Array }>()

/** Records that `signature` (a wire Signature object) verifies over `message`. */
export function rememberVerifiedSignature(signature: object, message: Uint8Array): void {
  verified.set(signature, { fieldsJson: JSON.stringify(signature), message })
}

/** True when `signature` was recorded as verifying over exactly these bytes and is unchanged since. */
export function isVerifiedSignature(signature: unknown, message: Uint8Array): boolean {
  if (signature === null || typeof signature !== 'object') return false
  const entry = verified.get(signature)
  if (entry === undefined || entry.message.length !== message.length) return false
  if (entry.message !== message && !Buffer.from(entry.message.buffer, entry.message.byteOffset, entry.message.byteLength).equals(message)) return false
  return entry.fieldsJson === JSON.stringify(signature)
}
