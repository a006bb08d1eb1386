import { z } from 'zod'

// Zod shapes the tools share (input and output). Field names are the APIs' own.

export const IntentId = z.string().uuid().describe('the intent id (a UUID), as the user gave it to you')
export const Solution = z.string().min(1).max(2_048).describe('the candidate: a variant id from search_catalog (with its `business`), a `catalog:<variant-id>`, or a product URL')
export const Metadata = z.unknown().optional().describe('optional JSON for the extractor, e.g. {"business": "http://127.0.0.1:8095"}, {"options": {"Size": "M"}} or {"variant_id": "…"}; default null')
export const Business = z.string().url().max(2_048).optional().describe('the UCP business the solution is from (search_catalog gives it); the same as metadata {"business": URL}')

/** The proposal's metadata: `metadata` as given, with `business` added to it (an object) when given. */
export function metadataWithBusiness(metadata: unknown, business: string | undefined): unknown {
  if (business === undefined) return metadata ?? null
  const base = typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata) ? metadata : {}
  return { ...base, business }
}
export const TimeoutS = (defaultS: number, maxS: number) =>
  z.number().int().min(1).max(maxS).optional().describe(`seconds to wait at most (default ${defaultS}, at most ${maxS})`)

export const ConstraintFailure = z.object({
  index: z.number().int().describe('zero-based index of the constraint in the template'),
  pretty_expr: z.string().describe('the constraint as written'),
  reason: z.string().describe('why it failed, with the values'),
  in_words: z.string().optional().describe('the failure in words to tell the user, money as money (e.g. "Price: $34.99, above your $25.00 cap")'),
})

/** One evidence (or intent) field that does not match the template's schema: every one is listed at once. */
export const InputDataProblem = z.object({
  field: z.string().describe('the qualified field name, e.g. evidence.price_cents'),
  kind: z.enum(['missing', 'unknown', 'wrong_type', 'out_of_range']),
  reason: z.string(),
})

export const Evidence = z.record(z.unknown()).describe('the facts the extractor established for the solution')

export const Proposal = z.object({ solution: z.string(), metadata: z.unknown() })

export const OutcomeShape = {
  intent_id: z.string(),
  status: z.enum(['pending', 'proving', 'success', 'failure', 'expired']),
  timed_out: z.boolean().describe('true when the wait ended before an outcome; the intent keeps proving: call wait_for_outcome again'),
  reason: z.string().optional(),
  evidence: Evidence.nullable().optional(),
  constraint_failures: z.array(ConstraintFailure).optional(),
  input_data_errors: z.array(InputDataProblem).optional().describe('failure: every evidence field missing, unknown or of the wrong type'),
  proposal: Proposal.optional(),
}
