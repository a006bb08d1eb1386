// The one check of who can sign AP2 mandates (docs/ap2-verity-constraint.md, "Who can check out"),
// run by every client before it creates or spends anything: the SDK's checkoutWithIntent and
// mandate issuers, `verity checkout`, `verity mandate open`, the MCP tool `checkout`.
import { canSignMandates, decodeBase58, type SignatureScheme, type Signer } from '@verity/core'
import { readSignedIntent } from '../proofs/readSignedIntent.ts'
import { MandateSignerUnsupportedError } from './MandateSignerUnsupportedError.ts'

/** The bytes of an Ed25519 public key; a passkey's P-256 key is 33 (compressed) or 65 bytes. */
const ED25519_PUBLIC_KEY_BYTES = 32

export type AssertMandateSignerParameters = {
  /** The signed intent (GET /intents/{id}): its signer must sign the open Checkout Mandate. */
  signedIntent?: unknown
  /** The user key given to sign the open Checkout Mandate. */
  user?: Signer
  /** The agent key that signs the closed Checkout Mandate and the Payment Mandate. */
  agent?: Signer
}

/**
 * Throws MandateSignerUnsupportedError when an AP2 mandate of this checkout would need a signer
 * that cannot sign one: the intent signed by a passkey, a multisig or no one, or a user or agent key
 * that is not a single Ed25519 key. Reads nothing and signs nothing.
 * @example assertMandateSigner({ signedIntent: await orchestrator.getIntent(id), user, agent })
 */
export function assertMandateSigner(parameters: AssertMandateSignerParameters): void {
  if (parameters.user !== undefined) refuse(schemeOfSigner(parameters.user), { role: 'user' })
  if (parameters.agent !== undefined) refuse(schemeOfSigner(parameters.agent), { role: 'agent' })
  if (parameters.signedIntent !== undefined) {
    const intent = readSignedIntent(parameters.signedIntent)
    refuse(schemeOfAuthorship(intent.authorship), { role: 'intent', intentId: intent.id })
  }
}

function refuse(scheme: SignatureScheme | 'Unsigned', fields: { role: 'intent' | 'user' | 'agent'; intentId?: string }): void {
  if (!canSignMandates(scheme)) throw new MandateSignerUnsupportedError({ ...fields, scheme })
}

/** A signer's scheme from its public key alone: a multisig has none; an Ed25519 key is 32 bytes, a passkey's is not. */
function schemeOfSigner(signer: Signer): SignatureScheme {
  const publicKey = (signer as { publicKeyBase58?: unknown }).publicKeyBase58
  if (typeof publicKey !== 'string') return 'Multisig'
  return decodeBase58(publicKey, 'signer public key').length === ED25519_PUBLIC_KEY_BYTES ? 'Ed25519' : 'Passkey'
}

/** The scheme of an intent's signature object (`{"Ed25519": …}`, `{"Passkey": …}`, `{"Multisig": …}`), or Unsigned. */
function schemeOfAuthorship(authorship: unknown): SignatureScheme | 'Unsigned' {
  if (authorship === 'Unsigned' || typeof authorship !== 'object' || authorship === null) return 'Unsigned'
  if ('Ed25519' in authorship) return 'Ed25519'
  if ('Passkey' in authorship) return 'Passkey'
  if ('Multisig' in authorship) return 'Multisig'
  return 'Unsigned'
}
