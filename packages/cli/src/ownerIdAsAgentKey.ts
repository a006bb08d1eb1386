import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { decodeBase58 } from '@verity/core'
import { AgentKeyIsOwnerIdError, isEd25519PublicKey, loadSigner } from '@verity/sdk'
import { KEY_FILES_SCANNED_MAX } from './limits.ts'
import { cliDataDir } from './cliDataDir.ts'

/**
 * The refusal of `--agent VALUE` when VALUE, 32 base58 bytes, is recognisably an owner id and not
 * an Ed25519 public key (both look alike): it is the owner id of a key file at hand
 * (`<data dir>/keys/*`, `*.json` in the current folder; the message then names its public key), or
 * it does not decode to an Ed25519 point at all. Undefined when VALUE may be a key.
 */
export function ownerIdAsAgentKey(value: string, env: NodeJS.ProcessEnv = process.env): AgentKeyIsOwnerIdError | undefined {
  for (const file of keyFilesAtHand(env)) {
    try {
      const signer = loadSigner(file)
      if (signer.ownerId === value) return new AgentKeyIsOwnerIdError({ value, keyFile: file, publicKey: signer.publicKeyBase58 })
    } catch {
      // not a key file: skip it
    }
  }
  return isEd25519PublicKey(decodeBase58(value, '--agent', 32)) ? undefined : new AgentKeyIsOwnerIdError({ value })
}

function keyFilesAtHand(env: NodeJS.ProcessEnv): string[] {
  const keysDir = join(cliDataDir(env), 'keys')
  const files = [...listFiles(keysDir, () => true), ...listFiles('.', (name) => name.endsWith('.json'))]
  return files.slice(0, KEY_FILES_SCANNED_MAX)
}

function listFiles(dir: string, keep: (name: string) => boolean): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile() && keep(entry.name)).map((entry) => join(dir, entry.name))
  } catch {
    return []
  }
}
