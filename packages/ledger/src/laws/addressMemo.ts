// Bounded memos of pure functions the laws call several times per transaction on the same few
// strings: parsing an address and formatting one (each base58-decodes the owner id to check it),
// and the owner id of an Ed25519 public key (base58 decode, SHA-256, base58 encode). Only
// successful results are kept, keyed by the exact input, so a hit returns what the function
// would; a full memo is emptied (a cheap bound, like the public key cache's).
import { formatAddress, ownerIdOfSignature, parseAddress, type Address as ParsedAddress, type HashDigest, type Signature } from '@verity/core'
import { ADDRESS_MEMO_ENTRIES_MAX } from '../limits.ts'

const parsedAddresses = new Map<string, ParsedAddress>()
const formattedAddresses = new Map<string, true>()
const ed25519Owners = new Map<string, HashDigest>()

/** `parseAddress(text)`, remembered. Throws as parseAddress does. */
export function parseAddressMemo(text: string): ParsedAddress {
  const hit = parsedAddresses.get(text)
  if (hit !== undefined) return hit
  const parsed = parseAddress(text)
  remember(parsedAddresses, text, parsed)
  return parsed
}

/** `formatAddress(ownerId, shard)`, remembered. Throws as formatAddress does. */
export function formatAddressMemo(ownerId: HashDigest, shard: number): string {
  const text = `${ownerId},${shard}`
  if (formattedAddresses.has(text)) return text
  const formatted = formatAddress(ownerId, shard)
  remember(formattedAddresses, formatted, true)
  return formatted
}

/** `ownerIdOfSignature(signature)`, remembered for Ed25519 signatures by public key text. Throws as it does. */
export function ownerIdOfSignatureMemo(signature: Signature): HashDigest {
  const pubKey = 'Ed25519' in signature ? signature.Ed25519?.pub_key : undefined
  if (typeof pubKey !== 'string') return ownerIdOfSignature(signature)
  const hit = ed25519Owners.get(pubKey)
  if (hit !== undefined) return hit
  const ownerId = ownerIdOfSignature(signature)
  remember(ed25519Owners, pubKey, ownerId)
  return ownerId
}

function remember<V>(memo: Map<string, V>, key: string, value: V): void {
  if (memo.size >= ADDRESS_MEMO_ENTRIES_MAX) memo.clear()
  memo.set(key, value)
}
