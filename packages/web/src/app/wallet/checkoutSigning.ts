// The wallet's side of "who can check out" (docs/ap2-verity-constraint.md, "Who can check out"):
// a checkout template's intent is spent through AP2 mandates, which only a single Ed25519 key signs
// today, so the wallet does not create one signed by a passkey or a multisig.
import { canSignMandates } from '@verity/core'
import type { CompiledTemplate } from '@verity/policy'
import type { Signing } from './signIntentWithKeys.ts'

/** The evidence field of a checkout template: its proof covers one checkout session (AP2, `verity checkout`). */
const CHECKOUT_DIGEST_FIELD = 'checkout_digest'

/** Whether intents of `compiled` are bought through a UCP checkout with AP2 mandates. */
export function isCheckoutTemplate(compiled: CompiledTemplate): boolean {
  return compiled.evidence.some((field) => field.name === CHECKOUT_DIGEST_FIELD)
}

/** Whether an intent signed as `signing` can check out through AP2 (its signer signs the open Checkout Mandate). */
export function canCheckOut(signing: Signing): boolean {
  return canSignMandates(signing.kind === 'multisig' ? 'Multisig' : signing.key.kind === 'passkey' ? 'Passkey' : 'Ed25519')
}

/** Why the wallet does not create a checkout intent signed so, and what to do instead. */
export const CHECKOUT_SIGNER_NOTE =
  'This template buys through a checkout with AP2 mandates, and those are signed with Ed25519 keys only for now: an intent signed by a passkey or a multisig cannot be checked out (MANDATE_SIGNER_UNSUPPORTED), so the wallet does not create it. ' +
  'Import an Ed25519 key file (verity keygen) and sign with it alone, or choose a product template (such as payable_clothing_purchase), which verity pay pays without a mandate.'
