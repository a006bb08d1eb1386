import { VerityError, type SignatureScheme } from '@verity/core'

/** Who would sign an AP2 mandate: the intent's signer (as the intent shows it, or the user key given), or the agent. */
export type MandateSignerRole = 'intent' | 'user' | 'agent'

const SCHEME_WORDS: Readonly<Record<SignatureScheme | 'Unsigned', string>> = Object.freeze({
  Ed25519: 'an Ed25519 key',
  Passkey: 'a passkey',
  Multisig: 'a multisig',
  Unsigned: 'no one (an Unsigned intent)',
})

/** What to do instead, the same for every role but the agent's. */
const USER_REMEDY =
  'to check out through AP2, sign the intent with an Ed25519 key (`verity keygen --out user.json`, then `verity intent create … --key user.json`); ' +
  'or pay with `verity pay` and an intent of a product template (such as payable-clothing), which needs no mandate'

/**
 * An AP2 mandate would have to be signed by a kind of signer that cannot sign one yet (a passkey, a
 * multisig, an unsigned intent's nobody): refused before anything is created or spent
 * (docs/ap2-verity-constraint.md, "Who can check out").
 */
export class MandateSignerUnsupportedError extends VerityError {
  readonly code = 'MANDATE_SIGNER_UNSUPPORTED'
  readonly reportable = true
  constructor(readonly fields: { role: MandateSignerRole; scheme: SignatureScheme | 'Unsigned'; intentId?: string }) {
    super(`MANDATE_SIGNER_UNSUPPORTED: ${subjectOf(fields)} ${SCHEME_WORDS[fields.scheme]}, and AP2 mandates are signed with Ed25519 keys only (for now), so nothing was created or spent; ${fields.role === 'agent' ? 'use an Ed25519 agent key (`verity keygen --out agent.json`) that the intent names' : USER_REMEDY}`)
  }
}

function subjectOf(fields: { role: MandateSignerRole; intentId?: string }): string {
  if (fields.role === 'agent') return 'the agent key (it signs the closed Checkout Mandate and the Payment Mandate) is'
  if (fields.role === 'user') return "the user key (the intent's signer, which signs the open Checkout Mandate) is"
  return `intent ${fields.intentId ?? '(unnamed)'} is signed by`
}
