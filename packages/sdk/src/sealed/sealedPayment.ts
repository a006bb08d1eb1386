// A payable template's payment under a sealed intent (docs/protocol.md, "Sealed intents"): the
// domain cannot read intent.max_price_cents or intent.payment_token, so the proof must carry them.
// The template is public and the proof shows that all of its constraints held on the signed
// attrs: when it requires price ≤ max and token = the payee's token (constraints without
// `optional:`), a verified proof establishes both. The deadline is not a relation to the evidence;
// the user discloses it, signed, beside the commitments.
import { decodeInputValue, isVerityError } from '@verity/core'
import { formatExpression, type CompiledTemplate } from '@verity/policy'
import type { SealedPart } from './readSealedPart.ts'

/** The constraints (either way round) a payable template proves for a sealed intent. */
export const SEALED_PAYMENT_CONSTRAINTS = Object.freeze({
  price: ['evidence.price_cents <= intent.max_price_cents', 'intent.max_price_cents >= evidence.price_cents'],
  token: ['evidence.payee_token == intent.payment_token', 'intent.payment_token == evidence.payee_token'],
} as const)

/** The attrs a sealed payable intent discloses: what the domain checks and no proof can bind to the evidence. */
export const SEALED_PAYMENT_DISCLOSED = Object.freeze(['payment_deadline_ms'] as const)

/** Why a sealed intent on a payable template cannot pay (empty when it can). */
export function sealedPaymentProblems(compiled: CompiledTemplate, sealed: SealedPart): string[] {
  const required = new Set(compiled.requires.filter((constraint) => !constraint.isOptional).map((constraint) => formatExpression(constraint.expr)))
  const problems: string[] = []
  for (const [name, forms] of Object.entries(SEALED_PAYMENT_CONSTRAINTS))
    if (!forms.some((form) => required.has(form))) problems.push(`the template does not require ${forms[0]} (the ${name} a sealed intent's proof must establish)`)
  for (const name of SEALED_PAYMENT_DISCLOSED) {
    if (!Object.hasOwn(sealed.disclosedFields, name)) problems.push(`the sealed intent does not disclose ${name}`)
    else if (!isInt(sealed.disclosedFields[name], name)) problems.push(`the sealed intent's disclosed ${name} is not an int`)
  }
  return problems
}

/**
 * The payment attrs of a verified sealed bundle, as the facts of an open one read them: the token
 * is evidence.payee_token (the proof showed intent.payment_token equals it), the ceiling is
 * evidence.price_cents (the proof showed the signed maximum is at least that; the maximum itself
 * stays hidden), the deadline the disclosed one. Only after sealedPaymentProblems found none and
 * the bundle verified.
 */
export function sealedPaymentAttrFields(disclosedFields: Record<string, unknown>, evidence: Record<string, unknown>): Record<string, unknown> {
  return { payment_deadline_ms: disclosedFields.payment_deadline_ms, payment_token: evidence.payee_token, max_price_cents: evidence.price_cents }
}

function isInt(json: unknown, name: string): boolean {
  try {
    return typeof decodeInputValue(json, `intent.${name}`) === 'bigint'
  } catch (error) {
    if (isVerityError(error)) return false
    throw error
  }
}
