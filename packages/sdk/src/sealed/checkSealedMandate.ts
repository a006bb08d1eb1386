import { decodeBase64Url, isVerityError } from '@verity/core'
import { decodeCompiledTemplate } from '@verity/policy'
import { readSignedIntent } from '../proofs/readSignedIntent.ts'
import { sealedPaymentProblems } from './sealedPayment.ts'

/**
 * Why a payable bundle's sealed intent cannot pay, before its proof is checked (cheap): its
 * template does not prove price ≤ max and the token, or it does not disclose the deadline.
 * Undefined for an open intent, a payable sealed one, or a bundle too broken to say (the full
 * verification names that).
 */
export function sealedMandateProblem(bundle: unknown): string | undefined {
  try {
    const root = bundle as { signed_intent?: unknown; template?: { compiled_base64url?: unknown } | null } | null
    const intent = readSignedIntent(root?.signed_intent)
    if (intent.sealed === undefined || typeof root?.template?.compiled_base64url !== 'string') return undefined
    const problems = sealedPaymentProblems(decodeCompiledTemplate(decodeBase64Url(root.template.compiled_base64url)), intent.sealed)
    return problems.length === 0 ? undefined : `a sealed intent pays only when its proof establishes the payment: ${problems.join('; ')}`
  } catch (error) {
    if (isVerityError(error)) return undefined
    throw error
  }
}
