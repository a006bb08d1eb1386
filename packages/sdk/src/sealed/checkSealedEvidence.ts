import { isVerityError, type InputValue } from '@verity/core'
import { checkInputs, type CompiledTemplate } from '@verity/policy'

/**
 * A sealed bundle's constraints cannot be re-evaluated (no attrs), but its evidence must still fit
 * the template's schema: `inputs`, as for an open bundle, rather than a proof that cannot be encoded.
 */
export function checkSealedEvidence(compiled: CompiledTemplate, evidence: Record<string, InputValue>): { ok: false; reason: string; check: 'inputs' } | undefined {
  try {
    checkInputs(compiled.evidence, evidence, 'evidence')
    return undefined
  } catch (error) {
    if (!isVerityError(error)) throw error
    return { ok: false, reason: `the evidence does not fit the template: ${error.message}`, check: 'inputs' }
  }
}
