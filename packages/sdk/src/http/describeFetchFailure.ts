/** The useful part of a fetch failure: the system error code (ECONNREFUSED, …) or the cause's message. */
export function describeFetchFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return cause?.code ?? cause?.message ?? (error as Error).message
}
