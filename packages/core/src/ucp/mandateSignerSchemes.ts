// Who can check out through AP2 (docs/ap2-verity-constraint.md, "Who can check out"): the user's
// authority is the signed intent, whatever signed it (an Ed25519 key, a passkey, a multisig), so
// every signed intent can; an Unsigned one cannot. The agent binds its P-256 mandate key with a
// signature of its Ed25519 key (and derives its platform and mandate keys from it), so the agent
// key must be a single Ed25519 key. The SDK (assertMandateSigner) reads the rule from here.
import type { SignatureScheme } from '../signature/Signature.ts'

/** Who takes part in a checkout's mandates: the intent's signer, or the agent. */
export type MandateRole = 'intent' | 'agent'

/** The signature schemes each role may have. */
export const MANDATE_SIGNER_SCHEMES: Readonly<Record<MandateRole, readonly SignatureScheme[]>> = Object.freeze({
  intent: Object.freeze(['Ed25519', 'Passkey', 'Multisig'] as const),
  agent: Object.freeze(['Ed25519'] as const),
})

/** Whether a signer of `scheme` (a signature's scheme, or `Unsigned`) can take part in AP2 mandates as `role`. */
export function canSignMandates(scheme: SignatureScheme | 'Unsigned', role: MandateRole): boolean {
  return (MANDATE_SIGNER_SCHEMES[role] as readonly string[]).includes(scheme)
}
