import { parseJsonBigint } from '@verity/core'
import { parseSignedIntent } from './parseSignedIntent.ts'

/**
 * Whether a stored signed intent is sealed (docs/protocol.md, "Sealed intents"). An intent whose
 * JSON does not contain `"sealed"` is open and costs no parsing.
 */
export function isSealedIntent(signedIntentJson: string): boolean {
  if (!signedIntentJson.includes('"sealed"')) return false
  return parseSignedIntent(parseJsonBigint(signedIntentJson)).sealed !== undefined
}
