import { decodeBase58, encodeBase58 } from '@verity/core'
import { ed25519 } from '@noble/curves/ed25519.js'
import type { WalletKey } from './WalletKey.ts'

/**
 * Reads an Ed25519 key file (docs/signatures.md: a JSON string holding the base58 32-byte secret
 * key, what `verity keygen` writes). Throws with a reason the page shows beside the file input.
 */
export function importKeyFile(text: string, label: string): WalletKey {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new Error('the key file is not JSON (expected a JSON string holding a base58 Ed25519 secret key)')
  }
  if (typeof value !== 'string') throw new Error('the key file must hold a JSON string (a base58 Ed25519 secret key); passkey files cannot be imported here')
  const secretKey = decodeBase58(value, 'secret key', 32)
  return { kind: 'ed25519', label, secretKey, publicKeyBase58: encodeBase58(ed25519.getPublicKey(secretKey)) }
}
