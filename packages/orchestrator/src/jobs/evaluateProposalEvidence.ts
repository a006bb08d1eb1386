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
/** The decoded inputs of a proof, when every constraint holds (and a sealed intent's salt, for its attrs commitment). */
export type ProposalInputs = { attrs: Record<string, InputValue>; evidence: Record<string, InputValue>; attrsSalt?: bigint }

/**
 * Decodes the intent's attributes and the extracted evidence against the template's schemas and
 * evaluates its constraints: the inputs to prove, or a ProposalFailure (`input data error: …` for
 * missing or mistyped evidence; each failed constraint with index, expression and values).
 * Stores nothing, so it serves both the proposal job and a dry run.
 */
export function evaluateProposalEvidence(
  intent: Pick<IntentRecord, 'signedIntentJson' | 'sealedOpeningJson'>,
  compiled: CompiledTemplate,
  evidenceJson: Record<string, unknown>,
): ProposalInputs | ProposalFailure {
  try {
    const fields = intentAttrFields(intent)
    if (fields === undefined) return { reason: 'the opening (attrs) of this sealed intent is no longer kept', evidence: evidenceJson, constraintFailures: [] }
    const { attrFields, attrsSalt } = fields
    const attrs = decodeAttrs(attrFields, 'intent')
    const evidence = decodeAttrs(evidenceJson, 'evidence')
    const result = evaluateTemplate(compiled, attrs, evidence)
    if (result.ok) return { attrs, evidence, ...(attrsSalt === undefined ? {} : { attrsSalt }) }
    // A sealed intent's failures name the constraint (index, expression), never a value: the
    // event and the dry run are public; whoever holds the attrs re-evaluates them (docs/protocol.md).
    const failures = attrsSalt === undefined ? result.failures : result.failures.map(withheldValues)
    return {
      reason: failures.map((failure) => `Constraint[${failure.index}] failed: ${failure.reason}`).join('; '),
      evidence: evidenceJson,
      constraintFailures: failures,
    }
  } catch (error) {
    if (!isVerityError(error)) throw error
    if (error instanceof InputDataError) return { reason: error.message, evidence: evidenceJson, constraintFailures: [], inputDataErrors: error.problems }
    const reason = error.message.startsWith('input data error') ? error.message : `input data error: ${error.message}`
    return { reason, evidence: evidenceJson, constraintFailures: [] }
  }
}

/** The reason of a sealed intent's failed constraint: its expression, without the values. */
export function withheldValues(failure: ConstraintFailure): ConstraintFailure {
  return { index: failure.index, pretty_expr: failure.pretty_expr, reason: `${failure.pretty_expr} evaluated to false (values withheld: the intent is sealed)` }
}

/** An intent's attrs: an open intent's signed attrs, or a sealed intent's opening (with its salt); undefined when a sealed intent's opening is gone (the intent ended). */
function intentAttrFields(intent: Pick<IntentRecord, 'signedIntentJson' | 'sealedOpeningJson'>): { attrFields: Record<string, unknown>; attrsSalt?: bigint } | undefined {
  const parsed = parseSignedIntent(parseJsonBigint(intent.signedIntentJson))
  if (parsed.sealed === undefined) return { attrFields: parsed.attrFields }
  if (intent.sealedOpeningJson === null || intent.sealedOpeningJson === undefined) return undefined
  const opening = parseJsonBigint(intent.sealedOpeningJson) as { attrs: { fields: Record<string, unknown> }; salt: string }
  return { attrFields: opening.attrs.fields, attrsSalt: BigInt(opening.salt) }
}

/**
 * The reason a proof could not be made. A sealed intent's names the error's code only: a prover's
 * message may quote the witness, and the event is public (docs/protocol.md, "Sealed intents").
 */
export function proofFailureReason(error: unknown, isSealed: boolean): string {
  if (!isSealed) return `proof generation failed: ${error instanceof Error ? error.message : String(error)}`
  return `proof generation failed (${isVerityError(error) ? error.code : 'INTERNAL'}; details withheld: the intent is sealed)`
}

/** True when evaluation gave a failure rather than the inputs to prove. */
export function isProposalFailure<T extends object>(value: T | ProposalFailure): value is ProposalFailure {
  return 'reason' in value
}
