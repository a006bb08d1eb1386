import { decodeBase58, encodeBase58, ownerIdOfEd25519Key, ownerIdOfP256Key, type HashDigest } from '@verity/core'

/**
 * A key the wallet can sign with. A passkey's private key never leaves its authenticator: the
 * wallet keeps its credential id and public key. An imported Ed25519 key file keeps its secret
 * in this tab's memory only (never in storage).
 */
export type WalletKey =
  | { kind: 'passkey'; label: string; credentialIdBase64Url: string; publicKeyBase58: string }
  | { kind: 'ed25519'; label: string; publicKeyBase58: string; secretKey: Uint8Array }

/** The owner id of a key (DESIGN §3): what the protocol calls this key's owner. */
export function ownerIdOfWalletKey(key: WalletKey): HashDigest {
  const bytes = decodeBase58(key.publicKeyBase58, 'public key')
  return key.kind === 'passkey' ? ownerIdOfP256Key(bytes) : ownerIdOfEd25519Key(bytes)
}

const STORAGE_KEY = 'verity.wallet.passkeys.v1'

/** Passkeys created in this browser (credential id and public key only), from localStorage. */
export function loadStoredPasskeys(): WalletKey[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as unknown
    if (!Array.isArray(parsed)) return []
    return parsed.filter((item): item is WalletKey => typeof item === 'object' && item !== null && (item as WalletKey).kind === 'passkey')
  } catch {
    return []
  }
}

export function storePasskeys(keys: readonly WalletKey[]): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(keys.filter((key) => key.kind === 'passkey')))
}

/** base64url (no padding), as WebAuthn writes credential ids and challenges. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

export { encodeBase58 }
