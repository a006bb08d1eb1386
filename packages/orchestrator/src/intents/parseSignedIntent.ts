import { agentOwnerIdsOf, canonicalJsonBytes, decodeBase58 } from '@verity/core'
import { MalformedIntentError } from '../errors/intentErrors.ts'
import type { IntentShape } from '../store/OrchestratorStore.ts'
import { readOpeningParts, readSealedParts, type OpeningParts, type SealedParts } from './sealedIntent.ts'

/** A submitted intent, told apart by shape, with the bytes its signature covers (DESIGN §3). */
export type ParsedSignedIntent = {
  shape: IntentShape
  id: string
  templateId: string
  /** The `attrs.fields` map as submitted (plain or tagged values; absent attrs → empty). */
  attrFields: Record<string, unknown>
  /** The signature, or 'Unsigned' (shape B only). */
  authorship: unknown
  /** Shape A: UTF-8 of JCS(payload); shape B: UTF-8 of JCS(intent). */
  signedBytes: Uint8Array
  /** `agents` as submitted (docs/protocol.md, "Agent-bound intents"); absent: any agent may propose. */
  agents?: unknown
  /** The owner id of each agent (their keys read once, MALFORMED_AGENT_KEY otherwise); present exactly when `agents` is. */
  agentOwnerIds?: string[]
  /** A sealed intent's `sealed` (then attrFields is empty: the attrs are in the opening). */
  sealed?: SealedParts
  /** The opening sent beside a sealed intent (POST /intents only; never stored with the signed part). */
  opening?: OpeningParts
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Reads a submitted signed intent of either shape: A `{payload: {id, template_id, attrs},
 * signature}` or B `{authorship: "Unsigned" | {Signed: signature}, intent: {id, policy_id, attrs?}}`.
 * Throws MalformedIntentError naming the offending field. Does not verify the signature.
 */
export function parseSignedIntent(body: unknown): ParsedSignedIntent {
  const root = expectObject(body, 'body')
  if ('payload' in root || 'signature' in root) return parseShapeA(root)
  if ('intent' in root || 'authorship' in root) return parseShapeB(root)
  throw new MalformedIntentError({
    reason: 'expected shape A {payload, signature} or shape B {authorship, intent}',
  })
}

function parseShapeA(root: Record<string, unknown>): ParsedSignedIntent {
  expectKeys(root, 'body', ['payload', 'signature'], ['opening'])
  const payload = expectObject(root.payload, 'payload')
  const isSealed = 'sealed' in payload
  expectKeys(payload, 'payload', ['id', 'template_id', isSealed ? 'sealed' : 'attrs'], ['agents'])
  return {
    shape: 'A',
    id: expectUuid(payload.id, 'payload.id'),
    templateId: expectHashDigest(payload.template_id, 'payload.template_id'),
    attrFields: isSealed ? {} : expectAttrs(payload.attrs, 'payload.attrs'),
    authorship: expectObject(root.signature, 'signature'),
    signedBytes: canonicalJsonBytes(payload, 'payload'),
    ...agentsOf(payload, 'payload.agents'),
    ...sealedPartsOf(root, payload.sealed, isSealed, 'payload.sealed'),
  }
}

function parseShapeB(root: Record<string, unknown>): ParsedSignedIntent {
  expectKeys(root, 'body', ['authorship', 'intent'], ['opening'])
  const intent = expectObject(root.intent, 'intent')
  const isSealed = 'sealed' in intent
  expectKeys(intent, 'intent', isSealed ? ['id', 'policy_id', 'sealed'] : ['id', 'policy_id'], isSealed ? ['agents'] : ['attrs', 'agents'])
  if (intent.attrs === null) throw new MalformedIntentError({ reason: 'intent.attrs must be omitted, not null, when there are none' })
  let authorship: unknown
  if (root.authorship === 'Unsigned') authorship = 'Unsigned'
  else {
    const signed = expectObject(root.authorship, 'authorship')
    expectKeys(signed, 'authorship', ['Signed'], [])
    authorship = expectObject(signed.Signed, 'authorship.Signed')
  }
  return {
    shape: 'B',
    id: expectUuid(intent.id, 'intent.id'),
    templateId: expectHashDigest(intent.policy_id, 'intent.policy_id'),
    attrFields: intent.attrs === undefined ? {} : expectAttrs(intent.attrs, 'intent.attrs'),
    authorship,
    signedBytes: canonicalJsonBytes(intent, 'intent'),
    ...agentsOf(intent, 'intent.agents'),
    ...sealedPartsOf(root, intent.sealed, isSealed, 'intent.sealed'),
  }
}

/** A sealed intent's `sealed` and, when submitted, its opening; an open intent has no opening. */
function sealedPartsOf(root: Record<string, unknown>, sealed: unknown, isSealed: boolean, title: string): Pick<ParsedSignedIntent, 'sealed' | 'opening'> {
  if (!isSealed) {
    if ('opening' in root) throw new MalformedIntentError({ reason: 'opening is sent beside a sealed intent only (this intent carries attrs)' })
    return {}
  }
  return { sealed: readSealedParts(sealed, title), ...('opening' in root ? { opening: readOpeningParts(root.opening) } : {}) }
}

/** `agents` of the signed object and their owner ids, when it names agents; nothing else costs a look. */
function agentsOf(signed: Record<string, unknown>, title: string): Pick<ParsedSignedIntent, 'agents' | 'agentOwnerIds'> {
  if (!('agents' in signed)) return {}
  return { agents: signed.agents, agentOwnerIds: agentOwnerIdsOf(signed.agents, title) }
}

function expectObject(value: unknown, title: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new MalformedIntentError({ reason: `${title} must be a JSON object` })
  return value as Record<string, unknown>
}

function expectKeys(value: Record<string, unknown>, title: string, required: string[], optional: string[]): void {
  for (const key of required)
    if (!(key in value)) throw new MalformedIntentError({ reason: `${title} is missing required field ${key}` })
  for (const key of Object.keys(value))
    if (!required.includes(key) && !optional.includes(key))
      throw new MalformedIntentError({ reason: `${title} has unknown field ${key}` })
}

function expectUuid(value: unknown, title: string): string {
  if (typeof value !== 'string' || !UUID_PATTERN.test(value))
    throw new MalformedIntentError({ reason: `${title} must be a UUID string` })
  return value
}

function expectHashDigest(value: unknown, title: string): string {
  if (typeof value !== 'string') throw new MalformedIntentError({ reason: `${title} must be a base58 HashDigest string` })
  decodeBase58(value, title, 32)
  return value
}

function expectAttrs(value: unknown, title: string): Record<string, unknown> {
  const attrs = expectObject(value, title)
  expectKeys(attrs, title, ['fields'], [])
  return expectObject(attrs.fields, `${title}.fields`)
}
