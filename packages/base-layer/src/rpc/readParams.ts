// Shape checks for JSON-RPC params, run where the params arrive. Each reader names the method and
// the field in its error. Integers may arrive as numbers (below 2^53) or bigints (parsed by
// parseJsonBigint), and as bigints from an in-process caller.
import { isHashDigest, type HashDigest } from '@verity/core'
import { limits } from '@verity/ledger'
import { InvalidParamsError } from '../errors/requestErrors.ts'

export type Params = Record<string, unknown>

/** The params object of a call (named params only). */
export function readParamsObject(method: string, params: unknown): Params {
  if (params === undefined) return {}
  if (params === null || typeof params !== 'object' || Array.isArray(params))
    throw new InvalidParamsError({ method, field: '', reason: 'expected an object of named params' })
  return params as Params
}

/** Refuses params this method does not know, so a misspelt field is not silently ignored. */
export function refuseUnknownParams(method: string, params: Params, known: readonly string[]): void {
  for (const key of Object.keys(params))
    if (!known.includes(key)) throw new InvalidParamsError({ method, field: key, reason: 'unknown param' })
}

/** An integer in [min, max], as a bigint. */
export function readBigint(method: string, params: Params, field: string, min: bigint, max: bigint): bigint {
  const value = params[field]
  let integer: bigint
  if (typeof value === 'bigint') integer = value
  else if (typeof value === 'number' && Number.isSafeInteger(value)) integer = BigInt(value)
  else throw new InvalidParamsError({ method, field, reason: 'expected an integer' })
  if (integer < min || integer > max)
    throw new InvalidParamsError({ method, field, reason: `expected an integer from ${min} to ${max}, got ${integer}` })
  return integer
}

/** A shard id: an integer ≥ 1. */
export function readShard(method: string, params: Params, field = 'shard'): number {
  return Number(readBigint(method, params, field, 1n, BigInt(limits.SHARD_MAX)))
}

/** A string of at most `charsMax` characters. */
export function readString(method: string, params: Params, field: string, charsMax: number): string {
  const value = params[field]
  if (typeof value !== 'string') throw new InvalidParamsError({ method, field, reason: 'expected a string' })
  if (value.length > charsMax)
    throw new InvalidParamsError({ method, field, reason: `expected at most ${charsMax} characters, got ${value.length}` })
  return value
}

/** A HashDigest: base58 of 32 bytes. */
export function readHashDigest(method: string, params: Params, field: string): HashDigest {
  const value = readString(method, params, field, 64)
  if (!isHashDigest(value)) throw new InvalidParamsError({ method, field, reason: 'expected base58 of a 32-byte hash' })
  return value
}

/** An array of at most `lengthMax` elements. */
export function readArray(method: string, params: Params, field: string, lengthMax: number): unknown[] {
  const value = params[field]
  if (!Array.isArray(value)) throw new InvalidParamsError({ method, field, reason: 'expected an array' })
  if (value.length > lengthMax)
    throw new InvalidParamsError({ method, field, reason: `expected at most ${lengthMax} elements, got ${value.length}` })
  return value
}

/** A present param of any JSON type (its own decoder checks it). */
export function readPresent(method: string, params: Params, field: string): unknown {
  if (!(field in params) || params[field] === undefined)
    throw new InvalidParamsError({ method, field, reason: 'missing' })
  return params[field]
}
