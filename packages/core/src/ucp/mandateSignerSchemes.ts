// Which signers can sign AP2 mandates today (docs/ap2-verity-constraint.md, "Who can check out"):
// the intent's signer signs the open Checkout Mandate and the agent the closed one and the Payment
// Mandate, each a JWS EdDSA, so both must be single Ed25519 keys. A passkey (ES256 over WebAuthn
// assertions, not a plain JWS) or a multisig (several signatures) cannot sign one yet. The SDK
// (assertMandateSigner) and the web wallet read the rule from here.
import type { SignatureScheme } from '../signature/Signature.ts'

/** The signature schemes whose keys sign AP2 mandates. */
export const MANDATE_SIGNER_SCHEMES: readonly SignatureScheme[] = Object.freeze(['Ed25519'] as const)

/** Whether keys of `scheme` (a signature's scheme, or `Unsigned`) can sign AP2 mandates. */
export function canSignMandates(scheme: SignatureScheme | 'Unsigned'): boolean {
  return (MANDATE_SIGNER_SCHEMES as readonly string[]).includes(scheme)
}
