import { decodeInputFields } from '@verity/core'
import { compileTemplate, describeFailure, type CompiledTemplate, type ConstraintFailure, type InputValue } from '@verity/policy'
import type { OrchestratorClient } from '../clients/OrchestratorClient.ts'
import { READABLE_DESCRIBE_OPTIONS } from '../money/readableValues.ts'
import { readSignedIntent } from '../proofs/readSignedIntent.ts'
import type { SavedOpening } from '../sealed/savedOpening.ts'

/** What reading a proposal's failures in words takes: the intent's compiled template and the user's values. */
export type FailureWordsContext = { template: CompiledTemplate; attrs: Record<string, InputValue> }

/**
 * The template and values of an intent, read from the orchestrator (a sealed intent's values from
 * `saved`, the opening its creator kept); undefined for a sealed intent whose opening is not at hand,
 * whose failures then keep the orchestrator's reasons.
 */
export async function readFailureWordsContext(orchestrator: OrchestratorClient, intentId: string, saved?: SavedOpening): Promise<FailureWordsContext | undefined> {
  if (saved !== undefined && saved.intent_id === intentId) return { template: compileTemplate(saved.template_source), attrs: decodeInputFields(saved.opening.attrs.fields, 'intent') }
  const intent = readSignedIntent(await orchestrator.getIntent(intentId))
  if (intent.sealed !== undefined) return undefined
  return { template: compileTemplate(await orchestrator.getTemplate(intent.templateId)), attrs: decodeInputFields(intent.attrFields, 'intent') }
}

/**
 * Each failed constraint in words, in order, money as money (`Price: $34.99, above your $25.00
 * cap`, @verity/policy describeFailure with READABLE_DESCRIBE_OPTIONS); a failure whose constraint
 * cannot be read (no context, no evidence, an index the template lacks) keeps the orchestrator's reason.
 */
export function failuresInWords(failures: readonly ConstraintFailure[], evidence: unknown, context: FailureWordsContext | undefined): string[] {
  const plainEvidence = typeof evidence === 'object' && evidence !== null && !Array.isArray(evidence) ? (evidence as Record<string, unknown>) : undefined
  return failures.map((failure) => {
    const constraint = context?.template.requires[failure.index]
    if (context === undefined || constraint === undefined || plainEvidence === undefined) return failure.reason
    return describeFailure(constraint, context.attrs, plainEvidence, READABLE_DESCRIBE_OPTIONS)
  })
}
