import { readFileSync } from 'node:fs'
import { Ed25519Signer, InvalidKeyFileError, SoftwarePasskey, type KeySigner } from '@verity/core'

/**
 * Loads a signer from a key file: an Ed25519 key file (a JSON string holding the base58 secret
 * key) or a software passkey file (`{"kind":"verity-software-passkey",…}`), told apart by shape.
 */
export function loadSigner(path: string): KeySigner {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new InvalidKeyFileError({ source: path, reason: (error as Error).message }, { cause: error })
  }
  return text.trimStart().startsWith('{') ? SoftwarePasskey.fromKeyFileText(text, path) : Ed25519Signer.fromKeyFileText(text, path)
}
