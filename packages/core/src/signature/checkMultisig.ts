import { checkEd25519 } from './checkEd25519.ts'
import { checkPasskey } from './checkPasskey.ts'
import { ANY_PASSKEY_ORIGIN, type PasskeyPolicy } from './PasskeyPolicy.ts'
import type { ParsedMultisig } from './parseSignature.ts'

/**
 * Why a parsed multisig does not verify over `message`, or null when it does. A signature by a
 * key not in `signers` invalidates the whole; inner signatures that do not verify are not
 * counted; each distinct signer counts once; the counted weight must reach the threshold.
 */
export function checkMultisig(parsed: ParsedMultisig, message: Uint8Array, policy: PasskeyPolicy = ANY_PASSKEY_ORIGIN): string | null {
  for (const [index, inner] of parsed.signatures.entries())
    if (!parsed.signers.has(inner.canonicalKey)) return `signatures[${index}] is by a key that is not one of the signers`
  const counted = new Set<string>()
  let weight = 0
  const failures: string[] = []
  for (const [index, inner] of parsed.signatures.entries()) {
    if (counted.has(inner.canonicalKey)) continue
    const reason = inner.scheme === 'Ed25519' ? checkEd25519(inner, message) : checkPasskey(inner, message, policy)
    if (reason !== null) {
      failures.push(`signatures[${index}]: ${reason}`)
      continue
    }
    counted.add(inner.canonicalKey)
    weight += parsed.signers.get(inner.canonicalKey) ?? 0
    if (weight >= parsed.threshold) return null
  }
  const detail = failures.length === 0 ? '' : ` (${failures.join('; ')})`
  return `signers' weight ${weight} is below the threshold ${parsed.threshold}${detail}`
}
