import { canonicalJsonBytes, hashDigest, type HashDigest } from '@verity/core'
import type { SdlContent } from './SdlContent.ts'
import { jsonValue } from '../json/jsonValue.ts'

/** The SDL hash: HashDigest (base58 SHA-256) of the UTF-8 bytes of JCS of its content (DESIGN §5). */
export function sdlHash(content: SdlContent): HashDigest {
  return hashDigest(canonicalJsonBytes(jsonValue(content), 'sdl content'))
}
