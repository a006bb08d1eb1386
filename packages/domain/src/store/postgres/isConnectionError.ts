// Errors that mean "the database cannot be reached right now" (answered 503, try again), as
// opposed to a statement the database refused (a bug here, answered 500).

// Socket errors from node, and SQLSTATE classes 08 (connection exception) and 57P (operator
// intervention: admin shutdown, crash shutdown, cannot connect now).
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND'])

/** True when `error` says the PostgreSQL server could not be reached or went away. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08') || code.startsWith('57P'))) return true
  // node-postgres reports these without a code.
  return /^(Connection terminated|timeout exceeded when trying to connect)/.test(error.message)
}
