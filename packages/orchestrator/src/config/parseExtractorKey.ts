import { decodeBase58 } from '@verity/core'
import { InvalidExtractorKeyError } from '../errors/configErrors.ts'

/**
 * Checks an evidence extractor key for PUT /config: absent or "" (no key: attested replies are
 * refused, unattested ones accepted as unattested), or base58 of a 32-byte Ed25519 public key.
 * Returns it as given ('' when absent).
 */
export function parseExtractorKey(value: unknown): string {
  if (value === undefined || value === '') return ''
  if (typeof value !== 'string') throw new InvalidExtractorKeyError({ key: String(value), reason: 'expected a string' })
  try {
    decodeBase58(value, 'evidence_extractor_key', 32)
  } catch (error) {
    throw new InvalidExtractorKeyError({ key: value, reason: (error as Error).message })
  }
  return value
}
