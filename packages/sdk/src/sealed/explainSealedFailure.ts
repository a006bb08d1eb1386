import { decodeInputFields } from '@verity/core'
import { evaluateTemplate, type CompiledTemplate, type ConstraintFailure } from '@verity/policy'
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
