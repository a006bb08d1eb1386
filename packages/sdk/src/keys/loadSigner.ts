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
  if (!text.trimStart().startsWith('{')) return Ed25519Signer.fromKeyFileText(text, path)
  const other = otherKindOf(text)
  if (other !== undefined)
    throw new InvalidKeyFileError({ source: path, reason: `this is ${other}, not a key file; a key file is what \`verity keygen --out FILE\` writes (an Ed25519 key, or a software passkey with --passkey)` })
  return SoftwarePasskey.fromKeyFileText(text, path)
}

/** What a JSON object that is not a software passkey file is, as far as its keys tell; undefined for a passkey file (or one too broken to tell). */
function otherKindOf(text: string): string | undefined {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined
  const keys = Object.keys(value)
  if ((value as { kind?: unknown }).kind === 'verity-software-passkey') return undefined
  if (keys.length === 1 && ['Ed25519', 'Passkey', 'Multisig'].includes(keys[0]!)) return "an agent's public key (what an intent's --agent names), which cannot sign"
  if (keys.includes('signed_intent') || keys.includes('proof')) return 'a proof bundle (verity proof get)'
  if (keys.includes('salt') || keys.includes('opening')) return "a sealed intent's opening"
  return `a JSON object with ${keys.slice(0, 4).map((key) => JSON.stringify(key)).join(', ')}${keys.length > 4 ? ', …' : ''}`
}
