import type { VerityError } from '@verity/core'

/**
 * A failure as the edge answers it, before the service gives it its error shape: the status from
 * the service's table, the stable code, the message for people and the batch index when one
 * element is at fault. `error` is the typed error (absent for an unexpected failure, answered
 * as a plain 500 `INTERNAL`), so a service can add its own typed fields.
 */
export type EdgeFailure = {
  status: number
  code: string
  message: string
  index?: number
  error?: VerityError
}

/** The error body most services answer: `{message, code, index?}` (docs/protocol.md, "Errors"). */
export function defaultErrorBody(failure: EdgeFailure): { message: string; code: string; index?: number } {
  return failure.index === undefined
    ? { message: failure.message, code: failure.code }
    : { message: failure.message, code: failure.code, index: failure.index }
}

/** The failure answered for anything that is not a deliberate, typed error (its message is logged, never sent). */
export const INTERNAL_FAILURE: Readonly<EdgeFailure> = Object.freeze({ status: 500, code: 'INTERNAL', message: 'internal error' })
