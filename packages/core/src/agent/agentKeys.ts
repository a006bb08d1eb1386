// The agents an intent names (docs/protocol.md, "Agent-bound intents"): public keys of the same
// kinds as the user's signature, written as the Signature union's keys are, one scheme key each.
import { decodeBase58 } from '../encoding/base58.ts'
import { MalformedAgentKeyError, MalformedSignatureError } from '../errors/signatureErrors.ts'
import type { HashDigest } from '../hash/sha256.ts'
import { INTENT_AGENTS_MAX } from '../limits.ts'
import { ownerIdOfEd25519Key, ownerIdOfMultisig, ownerIdOfP256Key } from '../owner/ownerId.ts'
import type { MultisigPubKey, Signature } from '../signature/Signature.ts'
import type { Signer } from '../signer/Signer.ts'

/** One agent's public key: `{"Ed25519": base58}`, `{"Passkey": base58 SEC1}` or `{"Multisig": {signers, threshold}}`. */
export type AgentKey = { Ed25519: string } | { Passkey: string } | { Multisig: MultisigPubKey }

/**
 * The owner id of each agent key (the id its signatures speak for), in order, or throws
 * MalformedAgentKeyError naming the entry: not a non-empty array of at most INTENT_AGENTS_MAX
 * keys, an unknown scheme, a key of the wrong length, the same agent named twice.
 * @example const agentOwnerIds = agentOwnerIdsOf(intent.agents, 'intent.agents')
 */
export function agentOwnerIdsOf(value: unknown, field = 'agents'): HashDigest[] {
  if (!Array.isArray(value)) throw new MalformedAgentKeyError({ field, reason: 'expected an array of agent public keys' })
  if (value.length === 0) throw new MalformedAgentKeyError({ field, reason: 'expected at least one agent (omit the field for an intent any agent may propose for)' })
  if (value.length > INTENT_AGENTS_MAX) throw new MalformedAgentKeyError({ field, reason: `more than INTENT_AGENTS_MAX (${INTENT_AGENTS_MAX}) agents` })
  const ownerIds = value.map((key: unknown, index) => ownerIdOfAgentKey(key, `${field}[${index}]`))
  const duplicate = ownerIds.findIndex((id, index) => ownerIds.indexOf(id) !== index)
  if (duplicate !== -1) throw new MalformedAgentKeyError({ field: `${field}[${duplicate}]`, reason: 'the same agent is named twice' })
  return ownerIds
}

/** The owner id of one agent key, or MalformedAgentKeyError naming `field`. */
export function ownerIdOfAgentKey(key: unknown, field = 'agent'): HashDigest {
  if (key === null || typeof key !== 'object' || Array.isArray(key)) throw new MalformedAgentKeyError({ field, reason: 'expected {"Ed25519": key}, {"Passkey": key} or {"Multisig": {signers, threshold}}' })
  const entries = Object.entries(key)
  if (entries.length !== 1) throw new MalformedAgentKeyError({ field, reason: `expected exactly one scheme key (Ed25519, Passkey or Multisig), got ${entries.length}` })
  const [scheme, body] = entries[0]!
  try {
    if (scheme === 'Ed25519') return ownerIdOfEd25519Key(decodeBase58(expectString(body, `${field}.Ed25519`), `${field}.Ed25519`, 32))
    if (scheme === 'Passkey') return ownerIdOfP256Key(decodeBase58(expectString(body, `${field}.Passkey`), `${field}.Passkey`))
    if (scheme === 'Multisig') return ownerIdOfMultisig(body as MultisigPubKey)
  } catch (error) {
    if (error instanceof MalformedAgentKeyError) throw error
    throw new MalformedAgentKeyError({ field: `${field}.${scheme}`, reason: error instanceof Error ? error.message : String(error) }, { cause: error })
  }
  throw new MalformedAgentKeyError({ field, reason: `unknown scheme ${JSON.stringify(scheme)}, expected Ed25519, Passkey or Multisig` })
}

/** The agent key that `signature`'s signer is named by (its public key, as signatures carry it). */
export function agentKeyOfSignature(signature: Signature): AgentKey {
  if ('Ed25519' in signature) return { Ed25519: signature.Ed25519.pub_key }
  if ('Passkey' in signature) return { Passkey: signature.Passkey.pub_key }
  return { Multisig: signature.Multisig.pub_key }
}

/**
 * The agent key of a signer (any scheme): read from a signature over a fixed probe message, since
 * a Signer exposes no key otherwise.
 * @example signIntent({ ..., agents: [agentKeyOfSigner(agentSigner)] })
 */
export function agentKeyOfSigner(signer: Signer): AgentKey {
  const key = agentKeyOfSignature(signer.sign(new TextEncoder().encode('verity/agent-key-probe/v1')))
  if (ownerIdOfAgentKey(key) !== signer.ownerId) throw new MalformedSignatureError({ field: 'signer', reason: 'its signature does not carry its own key' })
  return key
}

function expectString(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new MalformedAgentKeyError({ field, reason: 'expected a base58 string' })
  return value
}
