/**
 * Base class of every deliberate failure in Verity. Each kind of failure is a subclass with a
 * stable `code` (documented in docs/errors.md, never reworded) and the typed fields a caller
 * needs. Domain code never mentions HTTP: each service maps codes to statuses at its edge.
 */
export abstract class VerityError extends Error {
  abstract readonly code: string
  /** Index of the offending element of a batch, when the failure is about one element. */
  readonly index?: number

  constructor(message: string, options?: { cause?: unknown; index?: number }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause })
    this.name = new.target.name
    if (options?.index !== undefined) this.index = options.index
  }
}

/** True for deliberate, typed failures; false for bugs and foreign errors. */
export function isVerityError(error: unknown): error is VerityError {
  return error instanceof VerityError
}
