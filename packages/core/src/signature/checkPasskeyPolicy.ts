import { checkPasskeyOrigin } from './checkPasskey.ts'
import type { ParsedSignature } from './parseSignature.ts'
import type { PasskeyPolicy } from './PasskeyPolicy.ts'

/**
 * Why a parsed signature's passkeys (alone or as multisig members) were not made at an accepted
 * origin and RP id, or null; Ed25519 keys have no origin. It checks only that, not the signature
 * itself: for a service whose signature check runs elsewhere (the domain's ledger laws).
 */
export function checkPasskeyPolicy(parsed: ParsedSignature, policy: PasskeyPolicy): string | null {
  const passkeys = parsed.scheme === 'Passkey' ? [parsed] : parsed.scheme === 'Multisig' ? parsed.signatures.filter((inner) => inner.scheme === 'Passkey') : []
  for (const passkey of passkeys) {
    const clientData = parseJsonObject(passkey.clientData)
    const refused = clientData === null ? 'client_data is not a JSON object' : checkPasskeyOrigin(clientData, passkey.authenticatorData, policy)
    if (refused !== null) return refused
  }
  return null
}

function parseJsonObject(text: string): { origin?: unknown } | null {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null
  } catch {
    return null
  }
}
