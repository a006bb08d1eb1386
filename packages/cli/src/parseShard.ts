import { UsageError } from './UsageError.ts'

/** Parses a `--shard` flag: an integer ≥ 1. */
export function parseShard(value: unknown, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,15}$/.test(value)) throw new UsageError('--shard must be an integer ≥ 1')
  return Number(value)
}
