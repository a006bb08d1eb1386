import { decodeInputFields } from '@verity/core'
import { compileTemplate, evaluateTemplate, type CompiledTemplate, type ConstraintFailure } from '@verity/policy'
import type { SavedOpening } from './savedOpening.ts'
import type { SealedIntentOpening } from './sealIntent.ts'

/**
 * The failed constraints of a sealed intent's proposal with their values, for whoever holds the
 * opening: the failure event names each failed constraint by index and expression only, and the
 * creator (CLI, MCP, an agent given the opening) re-evaluates them here on the event's evidence.
 * Empty when the constraints hold on this evidence (the failure was something else).
 */
export function explainSealedFailure(compiled: CompiledTemplate, opening: SealedIntentOpening, evidenceJson: Record<string, unknown>): ConstraintFailure[] {
  const result = evaluateTemplate(compiled, decodeInputFields(opening.attrs.fields, 'intent'), decodeInputFields(evidenceJson, 'evidence'))
  return result.ok ? [] : result.failures
}

/**
 * `failures` (a sealed intent's, without values) with their values, re-evaluated from `saved` (the
 * opening the user's side kept, with the template source) on `evidence`; unchanged when nothing
 * can be re-evaluated.
 */
export function failuresWithValues(saved: SavedOpening | undefined, failures: readonly ConstraintFailure[], evidence: unknown): ConstraintFailure[] {
  if (saved === undefined || failures.length === 0 || typeof evidence !== 'object' || evidence === null) return [...failures]
  try {
    const explained = new Map(explainSealedFailure(compileTemplate(saved.template_source), saved.opening, evidence as Record<string, unknown>).map((failure) => [failure.index, failure]))
    return failures.map((failure) => explained.get(failure.index) ?? failure)
  } catch {
    return [...failures]
  }
}
