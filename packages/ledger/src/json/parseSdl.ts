import { isHashDigest } from '@verity/core'
import type { SdlState } from '../wire/SdlState.ts'
import type { SdlContent } from '../sdl/SdlContent.ts'
import { SDL_INCOMING_CREDITS_MAX, SDL_TRANSACTIONS_MAX } from '../limits.ts'
import { parseStateDiff, parseVerifiableWithDiffs } from './parseStateDiff.ts'
import { fail, readArray, readInteger, readObject, readShard, readString, readTagged } from './readJson.ts'

const SIMPLE_STATES = ['Submitted', 'Proving', 'Proven', 'ProofSubmitted', 'BaseLayerApplied', 'BaseLayerFailed'] as const

/** Parses an `SdlState`. */
export function parseSdlState(json: unknown, field = 'sdl_state'): SdlState {
  if (typeof json === 'string') {
    if (!(SIMPLE_STATES as readonly string[]).includes(json)) fail(field, `unknown SDL state ${JSON.stringify(json)}`)
    return json as SdlState
  }
  const [, message] = readTagged(json, field, ['ProvingFailed'] as const)
  return { ProvingFailed: readString(message, `${field}.ProvingFailed`, 4_096) }
}

const ROOT_PATTERN = /^0x[0-9a-f]{64}$/

/** Parses the canonical content of an SDL (as stored or as received by the base layer). */
export function parseSdlContent(json: unknown, field = 'sdl'): SdlContent {
  const record = readObject(json, field, ['shard', 'sequence', 'previous_hash', 'incoming_credits', 'transactions', 'root_before', 'root_after'])
  const incoming = readObject(record.incoming_credits, `${field}.incoming_credits`, ['from_cursor', 'to_cursor', 'credits'])
  const previous = record.previous_hash
  if (previous !== null && !isHashDigest(previous)) fail(`${field}.previous_hash`, 'expected a HashDigest or null')
  for (const key of ['root_before', 'root_after'] as const)
    if (typeof record[key] !== 'string' || !ROOT_PATTERN.test(record[key] as string)) fail(`${field}.${key}`, 'expected 0x and 64 lowercase hex digits')
  const fromCursor = Number(readInteger(incoming.from_cursor, `${field}.incoming_credits.from_cursor`, 0n, BigInt(Number.MAX_SAFE_INTEGER)))
  const toCursor = Number(readInteger(incoming.to_cursor, `${field}.incoming_credits.to_cursor`, BigInt(fromCursor), BigInt(Number.MAX_SAFE_INTEGER)))
  return {
    shard: readShard(record.shard, `${field}.shard`),
    sequence: Number(readInteger(record.sequence, `${field}.sequence`, 1n, BigInt(Number.MAX_SAFE_INTEGER))),
    previous_hash: previous as string | null,
    incoming_credits: {
      from_cursor: fromCursor,
      to_cursor: toCursor,
      credits: readArray(incoming.credits, `${field}.incoming_credits.credits`, SDL_INCOMING_CREDITS_MAX, 'SDL_INCOMING_CREDITS_MAX').map((d, i) =>
        parseStateDiff(d, `${field}.incoming_credits.credits[${i}]`),
      ),
    },
    transactions: readArray(record.transactions, `${field}.transactions`, SDL_TRANSACTIONS_MAX, 'SDL_TRANSACTIONS_MAX').map((t, i) =>
      parseVerifiableWithDiffs(t, `${field}.transactions[${i}]`),
    ),
    root_before: record.root_before as string,
    root_after: record.root_after as string,
  }
}
