import { decodeBase58 } from '@verity/core'
import { UsageError } from './UsageError.ts'

/** Parses an `--sdl` flag: an SDL hash in base58 (32 bytes), as the contract takes it (0x and 64 hex digits). */
export function parseSdlHash(value: unknown): `0x${string}` {
  if (typeof value !== 'string') throw new UsageError('--sdl HASH names an SDL by its hash (base58)')
  try {
    return `0x${Buffer.from(decodeBase58(value, '--sdl', 32)).toString('hex')}`
  } catch (error) {
    throw new UsageError(`--sdl must be an SDL hash, 32 bytes in base58: ${(error as Error).message}`)
  }
}
