import type { EdgeFailure } from '@verity/server'

/** The orchestrator's error body: ErrorResponse of the spec (`message`) with `code`, and `index`, `line`, `column` where they help. */
export type ErrorBody = { message: string; code: string; index?: number; line?: number; column?: number }

export function orchestratorErrorBody(failure: EdgeFailure): ErrorBody {
  const body: ErrorBody = { message: failure.message, code: failure.code }
  if (failure.index !== undefined) body.index = failure.index
  // Template compile errors carry their position.
  const position = failure.error as { line?: unknown; column?: unknown } | undefined
  if (typeof position?.line === 'number') body.line = position.line
  if (typeof position?.column === 'number') body.column = position.column
  return body
}
