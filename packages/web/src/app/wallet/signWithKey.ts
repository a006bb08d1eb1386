import { encodeBase58, sha256, type Signature } from '@verity/core'
import { ed25519 } from '@noble/curves/ed25519.js'
import { WEBAUTHN_TIMEOUT_MS } from './createPasskey.ts'
import { fromBase64Url, type WalletKey } from './WalletKey.ts'

/**
 * Signs `bytes` with a wallet key. A passkey signs with navigator.credentials.get whose challenge
 * is SHA-256(bytes): the browser writes it base64url into clientDataJSON, which is exactly the
 * protocol's challenge (docs/signatures.md), and the answer becomes the Passkey scheme
 * `{pub_key, signature (DER), client_data (the exact JSON), authenticator_data}`. An Ed25519 key
 * signs the bytes (RFC 8032).
 */
export async function signWithKey(key: WalletKey, bytes: Uint8Array): Promise<Signature> {
  if (key.kind === 'ed25519')
    return { Ed25519: { pub_key: key.publicKeyBase58, signature: encodeBase58(ed25519.sign(bytes, key.secretKey)) } }
  const credential = (await navigator.credentials.get({
    publicKey: {
      challenge: new Uint8Array(sha256(bytes)),
      rpId: location.hostname,
      allowCredentials: [{ type: 'public-key', id: new Uint8Array(fromBase64Url(key.credentialIdBase64Url)) }],
      userVerification: 'preferred',
      timeout: WEBAUTHN_TIMEOUT_MS,
    },
  })) as PublicKeyCredential | null
  if (credential === null) throw new Error('the passkey did not sign')
  const response = credential.response as AuthenticatorAssertionResponse
  return {
    Passkey: {
      pub_key: key.publicKeyBase58,
      signature: encodeBase58(new Uint8Array(response.signature)),
      client_data: new TextDecoder().decode(response.clientDataJSON),
      authenticator_data: encodeBase58(new Uint8Array(response.authenticatorData)),
    },
  }
}
