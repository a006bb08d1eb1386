/** HTTP statuses of this package's error codes; each service spreads them into its own table. */
export const httpStatusByServerCode: Readonly<Record<string, number>> = Object.freeze({
  TOKEN_REQUIRED: 401,
  TOKEN_INVALID: 401,
  TOKEN_SCOPE_INSUFFICIENT: 403,
  RATE_LIMITED: 429,
  CLIENT_CONNECTIONS_EXCEEDED: 429,
  UNSUPPORTED_MEDIA_TYPE: 415,
})
