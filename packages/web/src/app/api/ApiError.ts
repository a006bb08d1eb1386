/** A non-2xx answer of a service (through the web server's proxy): shown where the call was made. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message)
  }
}

/** The words to show for a failed call: the service's own message and code. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return `${error.message}${error.code ? ` (${error.code}, HTTP ${error.status})` : ` (HTTP ${error.status})`}`
  if (error instanceof Error) return error.message
  return String(error)
}
