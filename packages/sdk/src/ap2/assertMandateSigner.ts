// The one check of who can take part in AP2 mandates (docs/ap2-verity-constraint.md, "Who can
// check out"), run by every client before it creates or spends anything: the SDK's
// checkoutWithIntent, `verity checkout`, the MCP tool `checkout`. Every signed intent can check
// out (its signature, whatever its kind, is the user's authority); the agent must be one Ed25519 key.
import { canSignMandates, decodeBase58, type SignatureScheme, type Signer } from '@verity/core'
import { readSignedIntent } from '../proofs/readSignedIntent.ts'
import { MandateSignerUnsupportedError } from './MandateSignerUnsupportedError.ts'

/** The bytes of an Ed25519 public key; a passkey's P-256 key is 33 (compressed) or 65 bytes. */
const ED25519_PUBLIC_KEY_BYTES = 32

export type AssertMandateSignerParameters = {
  /** The signed intent (GET /intents/{id}): it must be signed (by any kind of signer). */
  signedIntent?: unknown
  /** The agent key that binds the mandate key and signs the proposal. */
  agent?: Signer
}

/**
 * Throws MandateSignerUnsupportedError when a checkout's mandates cannot be made: an Unsigned
 * intent, or an agent key that is not a single Ed25519 key (a passkey or a multisig agent). Reads
 * nothing and signs nothing.
 * @example assertMandateSigner({ signedIntent: await orchestrator.getIntent(id), agent })
 */
export function assertMandateSigner(parameters: AssertMandateSignerParameters): void {
  if (parameters.agent !== undefined) refuse(schemeOfSigner(parameters.agent), { role: 'agent' })
  if (parameters.signedIntent !== undefined) {
    const intent = readSignedIntent(parameters.signedIntent)
    refuse(schemeOfAuthorship(intent.authorship), { role: 'intent', intentId: intent.id })
  }
}

function refuse(scheme: SignatureScheme | 'Unsigned', fields: { role: 'intent' | 'agent'; intentId?: string }): void {
  if (!canSignMandates(scheme, fields.role)) throw new MandateSignerUnsupportedError({ ...fields, scheme })
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
