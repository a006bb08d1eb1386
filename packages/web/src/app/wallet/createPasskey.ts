import { encodeBase58 } from '@verity/core'
import { toBase64Url, type WalletKey } from './WalletKey.ts'

/** COSE algorithm ES256 (ECDSA P-256 with SHA-256): the Passkey scheme's only algorithm. */
const COSE_ES256 = -7
/** The uncompressed SEC1 point ends the SubjectPublicKeyInfo of a P-256 key (65 bytes). */
const P256_UNCOMPRESSED_BYTES = 65
/** How long the browser waits for the user at the authenticator, in milliseconds. */
export const WEBAUTHN_TIMEOUT_MS = 60_000

/**
 * Creates a passkey with navigator.credentials.create (ES256, relying party = this page's host)
 * and returns the wallet's record of it: credential id and SEC1 public key.
 */
export async function createPasskey(label: string): Promise<WalletKey> {
  const userId = crypto.getRandomValues(new Uint8Array(16))
  const credential = (await navigator.credentials.create({
    publicKey: {
      rp: { name: 'Verity wallet', id: location.hostname },
      user: { id: userId, name: label, displayName: label },
      challenge: crypto.getRandomValues(new Uint8Array(32)),
      pubKeyCredParams: [{ type: 'public-key', alg: COSE_ES256 }],
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      timeout: WEBAUTHN_TIMEOUT_MS,
      attestation: 'none',
    },
  })) as PublicKeyCredential | null
  if (credential === null) throw new Error('no passkey was created')
  const response = credential.response as AuthenticatorAttestationResponse
  const spki = response.getPublicKey()
  if (spki === null || response.getPublicKeyAlgorithm() !== COSE_ES256) throw new Error('the authenticator did not make an ES256 (P-256) key')
  const point = new Uint8Array(spki).slice(-P256_UNCOMPRESSED_BYTES)
  return { kind: 'passkey', label, credentialIdBase64Url: toBase64Url(new Uint8Array(credential.rawId)), publicKeyBase58: encodeBase58(point) }
}
