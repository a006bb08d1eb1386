// The sealed form of a signed intent (docs/protocol.md, "Sealed intents"): the signed object
// carries `sealed` {commitments, disclosed?} instead of `attrs`, and POST /intents carries the
// opening {attrs, salt} beside it. These read both parts and check that the opening opens what
// the user signed. Poseidon hashing runs for sealed intents only: an open intent never reaches it.
import { canonicalJsonBytes, type InputValue } from '@verity/core'
import type { CompiledTemplate } from '@verity/policy'
import { POLICY_CIRCUITS, sealedAttrsCommitments } from '@verity/prover'
import { MalformedIntentError, SealedOpeningMismatchError } from '../errors/intentErrors.ts'
import { decodeAttrs } from './decodeAttrs.ts'

/** What the user signed instead of attrs. */
export type SealedParts = { commitments: Record<string, string>; disclosedFields: Record<string, unknown> }
/** The opening sent beside the signed part. */
export type OpeningParts = { attrFields: Record<string, unknown>; salt: bigint }

const FIELD_HEX = /^0x[0-9a-f]{64}$/

/** Reads `sealed` of a signed intent object (`title` names it in errors). */
export function readSealedParts(value: unknown, title: string): SealedParts {
  const sealed = expectObject(value, title)
  expectOnlyKeys(sealed, title, ['commitments'], ['disclosed'])
  const commitments = expectObject(sealed.commitments, `${title}.commitments`)
  const tiers = Object.keys(commitments)
  if (tiers.length === 0) throw new MalformedIntentError({ reason: `${title}.commitments must name at least one policy tier` })
  for (const tier of tiers) {
    if (!(POLICY_CIRCUITS as readonly string[]).includes(tier))
      throw new MalformedIntentError({ reason: `${title}.commitments has unknown policy tier ${JSON.stringify(tier)} (known: ${POLICY_CIRCUITS.join(', ')})` })
    if (typeof commitments[tier] !== 'string' || !FIELD_HEX.test(commitments[tier]))
      throw new MalformedIntentError({ reason: `${title}.commitments.${tier} must be a field element: 0x and 64 lowercase hex digits` })
  }
  let disclosedFields: Record<string, unknown> = {}
  if (sealed.disclosed !== undefined) {
    const disclosed = expectObject(sealed.disclosed, `${title}.disclosed`)
    expectOnlyKeys(disclosed, `${title}.disclosed`, ['fields'], [])
    disclosedFields = expectObject(disclosed.fields, `${title}.disclosed.fields`)
  }
  return { commitments: commitments as Record<string, string>, disclosedFields }
}

/** Reads the opening `{attrs: {fields}, salt}` sent beside a sealed intent. */
export function readOpeningParts(value: unknown): OpeningParts {
  const opening = expectObject(value, 'opening')
  expectOnlyKeys(opening, 'opening', ['attrs', 'salt'], [])
  const attrs = expectObject(opening.attrs, 'opening.attrs')
  expectOnlyKeys(attrs, 'opening.attrs', ['fields'], [])
  if (typeof opening.salt !== 'string' || !FIELD_HEX.test(opening.salt))
    throw new MalformedIntentError({ reason: 'opening.salt must be a field element: 0x and 64 lowercase hex digits' })
  const salt = BigInt(opening.salt)
  if (salt === 0n) throw new MalformedIntentError({ reason: 'opening.salt must not be 0 (a sealed intent needs a random salt)' })
  return { attrFields: expectObject(attrs.fields, 'opening.attrs.fields'), salt }
}

/**
 * Checks that the opening opens the signed commitments: recomputes the commitment of every tier
 * that can hold the template and the attrs, and requires exactly those tiers with exactly those
 * values (so whichever tier a proof lands on, its verifier finds the signed commitment); and that
 * every disclosed attr is declared and equals the opening's. Throws SealedOpeningMismatchError.
 */
export async function checkSealedOpening(compiled: CompiledTemplate, sealed: SealedParts, attrs: Record<string, InputValue>, salt: bigint): Promise<void> {
  const expected = await sealedAttrsCommitments(compiled, attrs, salt)
  const signedTiers = Object.keys(sealed.commitments).sort()
  const expectedTiers = Object.keys(expected).sort()
  if (signedTiers.join() !== expectedTiers.join())
    throw new SealedOpeningMismatchError({ reason: `it commits for tiers ${signedTiers.join(', ')}, but the tiers that hold this template and these attrs are ${expectedTiers.join(', ')}` })
  for (const tier of expectedTiers)
    if (sealed.commitments[tier] !== expected[tier as keyof typeof expected])
      throw new SealedOpeningMismatchError({ reason: `the commitment of tier ${tier} is not the one the opening's attrs and salt give` })
  const disclosed = decodeAttrs(sealed.disclosedFields, 'intent')
  for (const [name, value] of Object.entries(disclosed)) {
    if (!compiled.intent.some((field) => field.name === name)) throw new SealedOpeningMismatchError({ reason: `disclosed attr ${name} is not declared by the template` })
    if (attrs[name] === undefined || !sameValue(attrs[name], value)) throw new SealedOpeningMismatchError({ reason: `disclosed attr ${name} differs from the opening's` })
  }
}

/** The signed part of a sealed submission: the body without its opening (what GET /intents/{id} and proof bundles show). */
export function withoutOpening(body: Record<string, unknown>): Record<string, unknown> {
  const { opening: _opening, ...signed } = body
  return signed
}

function sameValue(a: InputValue, b: InputValue): boolean {
  const typed = (value: InputValue) => `${typeof value}:${String(value)}`
  const normal = (value: InputValue): unknown => (Array.isArray(value) ? [...new Set(value.map(typed))].sort() : typed(value))
  return Buffer.from(canonicalJsonBytes(normal(a))).equals(Buffer.from(canonicalJsonBytes(normal(b))))
}

function expectObject(value: unknown, title: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new MalformedIntentError({ reason: `${title} must be a JSON object` })
  return value as Record<string, unknown>
}

function expectOnlyKeys(value: Record<string, unknown>, title: string, required: string[], optional: string[]): void {
  for (const key of required) if (!(key in value)) throw new MalformedIntentError({ reason: `${title} is missing required field ${key}` })
  for (const key of Object.keys(value))
    if (!required.includes(key) && !optional.includes(key)) throw new MalformedIntentError({ reason: `${title} has unknown field ${key}` })
}
