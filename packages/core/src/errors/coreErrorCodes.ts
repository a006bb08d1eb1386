/** Every error code @verity/core throws (see docs/errors.md). Services map these to HTTP statuses. */
export const coreErrorCodes = Object.freeze([
  'INVALID_BASE58',
  'INVALID_JSON',
  'JSON_TOO_DEEP',
  'MALFORMED_SIGNATURE',
  'INVALID_SIGNATURE',
  'INVALID_ADDRESS',
  'INVALID_INPUT_VALUE',
  'INVALID_KEY_FILE',
  'INVALID_SIGNER',
  'INVALID_REQUEST',
  'BODY_TOO_LARGE',
  'INVALID_OPTION',
  'MALFORMED_AGENT_KEY',
] as const)

export type CoreErrorCode = (typeof coreErrorCodes)[number]
