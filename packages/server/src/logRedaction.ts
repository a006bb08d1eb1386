/**
 * Log fields pino must never print, for every service's logger (`redact`): the Authorization
 * header wherever a request or its headers are logged. Our own log lines name tokens, never show them.
 */
export const LOG_REDACT_PATHS: readonly string[] = Object.freeze(['req.headers.authorization', 'request.headers.authorization', 'headers.authorization'])
