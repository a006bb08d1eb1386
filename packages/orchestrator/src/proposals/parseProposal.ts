import { MalformedProposalError } from '../errors/proposalErrors.ts'
import { SOLUTION_CHARS_MAX } from '../limits.ts'

/** A proposal as the spec defines it: the solution's identifier and metadata for the evidence layer. */
export type Proposal = { solution: string; metadata: unknown }

/** Reads `{solution, metadata}`; throws MalformedProposalError naming the field. */
export function parseProposal(body: unknown): Proposal {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new MalformedProposalError({ reason: 'body must be a JSON object {solution, metadata}' })
  const record = body as Record<string, unknown>
  for (const key of Object.keys(record))
    if (key !== 'solution' && key !== 'metadata') throw new MalformedProposalError({ reason: `unknown field ${key}` })
  if (typeof record.solution !== 'string') throw new MalformedProposalError({ reason: 'solution must be a string' })
  if (record.solution.length === 0) throw new MalformedProposalError({ reason: 'solution must not be empty' })
  if (record.solution.length > SOLUTION_CHARS_MAX)
    throw new MalformedProposalError({ reason: `solution is longer than ${SOLUTION_CHARS_MAX} characters` })
  if (!('metadata' in record)) throw new MalformedProposalError({ reason: 'missing required field metadata' })
  return { solution: record.solution, metadata: record.metadata }
}
