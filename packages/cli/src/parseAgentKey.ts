import { existsSync } from 'node:fs'
import { decodeBase58, isVerityError, ownerIdOfAgentKey, agentKeyOfSigner, type AgentKey } from '@verity/core'
import { AgentKeyIsOwnerIdError, loadSigner } from '@verity/sdk'
import { readJsonFile } from './readJsonFile.ts'
import { UsageError } from './UsageError.ts'
import { ownerIdAsAgentKey } from './ownerIdAsAgentKey.ts'

/**
 * An agent named with `--agent KEY_OR_FILE` (docs/cli.md): a key file (its public key is used;
 * Ed25519 or software passkey), a JSON file or text holding an agent key
 * (`{"Ed25519": …}`, `{"Passkey": …}`, `{"Multisig": {signers, threshold}}`), or a base58 public
 * key (32 bytes: Ed25519; 33 or 65: a P-256 passkey key). An owner id given as a key is refused
 * when it can be recognised (ownerIdAsAgentKey, AGENT_KEY_IS_OWNER_ID).
 */
export function parseAgentKey(value: string): AgentKey {
  try {
    if (existsSync(value)) {
      const json = readJsonFile(value, 'agent')
      const key = isAgentKeyShape(json) ? json : agentKeyOfSigner(loadSigner(value))
      ownerIdOfAgentKey(key, `--agent ${value}`)
      return key
    }
    if (value.trimStart().startsWith('{')) {
      const key = JSON.parse(value) as AgentKey
      ownerIdOfAgentKey(key, '--agent')
      return key
    }
    const bytes = decodeBase58(value, '--agent', [32, 33, 65])
    if (bytes.length !== 32) return { Passkey: value }
    const ownerId = ownerIdAsAgentKey(value)
    if (ownerId !== undefined) throw ownerId
    return { Ed25519: value }
  } catch (error) {
    if (error instanceof SyntaxError) throw new UsageError(`--agent ${value}: not JSON, a key file or a base58 public key`)
    if (error instanceof AgentKeyIsOwnerIdError) throw new UsageError(`--agent ${error.message}`)
    if (isVerityError(error)) throw new UsageError(`--agent ${value}: ${error.message}`)
    throw error
  }
}

function isAgentKeyShape(json: unknown): json is AgentKey {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return false
  const keys = Object.keys(json)
  return keys.length === 1 && ['Ed25519', 'Passkey', 'Multisig'].includes(keys[0]!)
}
