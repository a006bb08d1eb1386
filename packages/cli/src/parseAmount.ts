import { UsageError } from './UsageError.ts'

const U64_MAX = 2n ** 64n - 1n

/** Parses a u64 amount flag (plancks or token units): digits only, 1 … 2^64−1. */
export function parseAmount(value: unknown, flag: string): bigint {
  if (typeof value !== 'string' || !/^[0-9]{1,20}$/.test(value)) throw new UsageError(`${flag} must be a whole number`)
  const amount = BigInt(value)
  if (amount < 1n || amount > U64_MAX) throw new UsageError(`${flag} must be between 1 and 2^64-1`)
  return amount
}

/** Parses a comma-separated list of NFT ids: `1,2,5`. */
export function parseNftIds(value: unknown, flag: string): bigint[] {
  if (typeof value !== 'string' || !/^[0-9]{1,20}(,[0-9]{1,20})*$/.test(value)) throw new UsageError(`${flag} must be NFT ids like 1,2,3`)
  return value.split(',').map((id) => BigInt(id))
}
