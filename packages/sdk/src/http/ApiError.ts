import { VerityError } from '@verity/core'

/** A service answered with a non-2xx status. Carries the status and the service's error body. */
export class ApiError extends VerityError {
  readonly code = 'API_ERROR'
  /** Shown to CLI users as is. */
  readonly reportable = true
  constructor(readonly fields: { method: string; url: string; status: number; message: string; serverCode?: string; index?: number }) {
    super(`${fields.method} ${fields.url} → ${fields.status}: ${fields.message}`, fields.index === undefined ? undefined : { index: fields.index })
  }
  get status(): number {
    return this.fields.status
  }
  get serverCode(): string | undefined {
    return this.fields.serverCode
  }
}

/** A service could not be reached (refused, time-out, DNS) or its answer could not be read. */
export class ServiceUnreachableError extends VerityError {
  readonly code = 'SERVICE_UNREACHABLE'
  readonly reportable = true
  constructor(readonly fields: { url: string; reason: string }, options?: { cause?: unknown }) {
    super(`cannot reach ${fields.url}: ${fields.reason}`, options)
  }
}
