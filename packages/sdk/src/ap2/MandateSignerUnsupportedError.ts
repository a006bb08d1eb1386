import { VerityError, type SignatureScheme } from '@verity/core'

/** Who takes part in a checkout's mandates: the intent (as it is signed), or the agent. */
export type MandateSignerRole = 'intent' | 'agent'

const SCHEME_WORDS: Readonly<Record<SignatureScheme | 'Unsigned', string>> = Object.freeze({
  Ed25519: 'an Ed25519 key',
  Passkey: 'a passkey',
  Multisig: 'a multisig',
  Unsigned: 'no one (an Unsigned intent)',
})

/**
 * A checkout whose AP2 mandates cannot be made: an Unsigned intent (no one's authority), or an
 * agent key that is not one Ed25519 key (it binds the mandate key with an Ed25519 signature).
 * Refused before anything is created or spent (docs/ap2-verity-constraint.md, "Who can check out").
 */
export class MandateSignerUnsupportedError extends VerityError {
  readonly code = 'MANDATE_SIGNER_UNSUPPORTED'
  readonly reportable = true
  constructor(readonly fields: { role: MandateSignerRole; scheme: SignatureScheme | 'Unsigned'; intentId?: string }) {
    super(
      fields.role === 'agent'
        ? `MANDATE_SIGNER_UNSUPPORTED: the agent key (it binds the AP2 mandate key and proposes) is ${SCHEME_WORDS[fields.scheme]}, and an agent checks out with one Ed25519 key, so nothing was created or spent; use an Ed25519 agent key (\`verity keygen --out agent.json\`) that the intent names`
        : `MANDATE_SIGNER_UNSUPPORTED: intent ${fields.intentId ?? '(unnamed)'} is signed by ${SCHEME_WORDS[fields.scheme]}, and only a signed intent authorizes a checkout, so nothing was created or spent; sign the intent (an Ed25519 key, a passkey or a multisig) and check out with that one`,
    )
  }
}
