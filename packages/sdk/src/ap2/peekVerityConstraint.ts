import { SDJwtInstance } from '@sd-jwt/core'
import { VERITY_INTENT_CONSTRAINT_TYPE, VerityIntentConstraint, validateUcp, type Static } from '@verity/wire'
import { CHECKOUT_MANDATE_CHARS_MAX } from '../limits.ts'
import { sdJwtHasher } from './sdJwtKeys.ts'

/**
 * The Verity constraint of a Checkout Mandate chain's open mandate, read WITHOUT verifying anything
 * (cheap): the open mandate's `dev.verity.intent` member, to route the chain to the Verity evaluation and to know which intent's proof bundle to
 * fetch. Undefined when the chain names none (or is not readable). evaluateVerityConstraint
 * verifies it.
 */
export async function peekVerityConstraint(checkoutMandate: unknown): Promise<Static<typeof VerityIntentConstraint> | undefined> {
  if (typeof checkoutMandate !== 'string' || checkoutMandate.length > CHECKOUT_MANDATE_CHARS_MAX) return undefined
  const split = checkoutMandate.indexOf('~~')
  if (split < 0) return undefined
  try {
    const decoded = await new SDJwtInstance({ hasher: sdJwtHasher }).decode(checkoutMandate.slice(0, split + 1))
    for (const disclosure of decoded.disclosures ?? []) {
      const value = disclosure.value as Record<string, unknown> | undefined
      if (typeof value !== 'object' || value === null || !Array.isArray(value['constraints'])) continue
      const checked = validateUcp(VerityIntentConstraint, value[VERITY_INTENT_CONSTRAINT_TYPE])
      return checked.ok ? checked.value : undefined
    }
  } catch {
    return undefined
  }
  return undefined
}
