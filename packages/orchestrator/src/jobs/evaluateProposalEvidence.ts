import { isVerityError, parseJsonBigint, type InputValue } from '@verity/core'
import { evaluateTemplate, InputDataError, type CompiledTemplate, type ConstraintFailure, type InputProblem } from '@verity/policy'
import { decodeAttrs } from '../intents/decodeAttrs.ts'
import { parseSignedIntent } from '../intents/parseSignedIntent.ts'
import type { IntentRecord } from '../store/OrchestratorStore.ts'

/**
 * Why a proposal fails: the reason of its `failure` event, with the evidence and constraint
 * failures, and for an input data error every field at fault (`input_data_errors`).
 */
export type ProposalFailure = {
  reason: string
  evidence: Record<string, unknown> | null
  constraintFailures: ConstraintFailure[]
  inputDataErrors?: readonly InputProblem[]
}
/** The decoded inputs of a proof, when every constraint holds. */
export type ProposalInputs = { attrs: Record<string, InputValue>; evidence: Record<string, InputValue> }

/**
 * Decodes the intent's attributes and the extracted evidence against the template's schemas and
 * evaluates its constraints: the inputs to prove, or a ProposalFailure (`input data error: …` for
 * missing or mistyped evidence; each failed constraint with index, expression and values).
 * Stores nothing, so it serves both the proposal job and a dry run.
 */
export function evaluateProposalEvidence(
  intent: Pick<IntentRecord, 'signedIntentJson'>,
  compiled: CompiledTemplate,
  evidenceJson: Record<string, unknown>,
): ProposalInputs | ProposalFailure {
  try {
    const attrs = decodeAttrs(parseSignedIntent(parseJsonBigint(intent.signedIntentJson)).attrFields, 'intent')
    const evidence = decodeAttrs(evidenceJson, 'evidence')
    const result = evaluateTemplate(compiled, attrs, evidence)
    if (result.ok) return { attrs, evidence }
    return {
      reason: result.failures.map((failure) => `Constraint[${failure.index}] failed: ${failure.reason}`).join('; '),
      evidence: evidenceJson,
      constraintFailures: result.failures,
    }
  } catch (error) {
    if (!isVerityError(error)) throw error
    if (error instanceof InputDataError) return { reason: error.message, evidence: evidenceJson, constraintFailures: [], inputDataErrors: error.problems }
    const reason = error.message.startsWith('input data error') ? error.message : `input data error: ${error.message}`
    return { reason, evidence: evidenceJson, constraintFailures: [] }
  }
}

/** True when evaluation gave a failure rather than the inputs to prove. */
export function isProposalFailure<T extends object>(value: T | ProposalFailure): value is ProposalFailure {
  return 'reason' in value
}
