import { existsSync } from 'node:fs'
import { dirname } from 'node:path'
import { Ed25519Signer } from '@verity/core'
import { ensurePrivateDirectory } from '../tokens/writeTokensFile.ts'

/**
 * The Ed25519 signer of a key file (a JSON string holding the base58 secret key), made on first
 * use: a missing file is generated with mode 0600 in a directory of mode 0700. A service's own
 * identity (an extractor's attestation key) starts this way with no set-up.
 * @example const { signer, created } = loadOrCreateKeyFile('.verity/extractor/key.json')
 */
export function loadOrCreateKeyFile(path: string): { signer: Ed25519Signer; created: boolean } {
  if (existsSync(path)) return { signer: Ed25519Signer.fromKeyFile(path), created: false }
  ensurePrivateDirectory(dirname(path))
  const signer = Ed25519Signer.generate()
  signer.toKeyFile(path)
  return { signer, created: true }
}
