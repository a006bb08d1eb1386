import { stringifyJsonBigint, type InputValue } from '@verity/core'
import type { CompiledTemplate } from '@verity/policy'
import { policyFieldHex } from '@verity/prover'
import { MalformedIntentError } from '../errors/intentErrors.ts'
import type { ParsedSignedIntent } from './parseSignedIntent.ts'
import { checkSealedOpening, withoutOpening } from './sealedIntent.ts'

/** The two texts the store keeps of a sealed intent: the signed part (served) and the opening (never served). */
export type SealedIntentTexts = { signedIntentJson: string; openingJson: string }

/** Throws MalformedIntentError when a sealed intent comes without its opening: the orchestrator could not prove anything without the attrs. */
export function assertOpeningGiven(parsed: ParsedSignedIntent): void {
  if (parsed.sealed !== undefined && parsed.opening === undefined)
    throw new MalformedIntentError({ reason: 'a sealed intent is submitted with its opening {attrs, salt} beside the signed part (body field opening)' })
}

/**
 * Checks a submitted sealed intent's opening against its commitments (SealedOpeningMismatchError)
 * and splits the body into the signed part and the opening.
 */
export async function openSealedIntent(parsed: ParsedSignedIntent, compiled: CompiledTemplate, attrs: Record<string, InputValue>, body: unknown): Promise<SealedIntentTexts> {
  if (parsed.sealed === undefined) throw new Error('openSealedIntent takes a sealed intent')
  assertOpeningGiven(parsed)
  await checkSealedOpening(compiled, parsed.sealed, attrs, parsed.opening!.salt)
  return {
    signedIntentJson: stringifyJsonBigint(withoutOpening(body as Record<string, unknown>)),
    openingJson: stringifyJsonBigint({ attrs: { fields: parsed.opening!.attrFields }, salt: policyFieldHex(parsed.opening!.salt) }),
  }
}
