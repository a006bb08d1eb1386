import { z } from 'zod'

// Zod shapes the tools share (input and output). Field names are the APIs' own.

export const IntentId = z.string().uuid().describe('the intent id (a UUID), as the user gave it to you')
export const Solution = z.string().min(1).max(2_048).describe('the candidate: `catalog:<variant-id>` from search_catalog, or a product URL')
export const Metadata = z.unknown().optional().describe('optional JSON for the extractor, e.g. {"options": {"Size": "M"}} or {"variant_id": "…"}; default null')
export const TimeoutS = (defaultS: number, maxS: number) =>
  z.number().int().min(1).max(maxS).optional().describe(`seconds to wait at most (default ${defaultS}, at most ${maxS})`)

export const ConstraintFailure = z.object({
  index: z.number().int().describe('zero-based index of the constraint in the template'),
  pretty_expr: z.string().describe('the constraint as written'),
  reason: z.string().describe('why it failed, with the values'),
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
  proposal: Proposal.optional(),
}
