/** Options of a service client. */
export type ClientOptions = {
  /**
   * The operator token sent as `Authorization: Bearer …` on every call (docs/security.md).
   * Default: the VERITY_ADMIN_TOKEN environment variable when it is set (in Node), else none.
   */
  token?: string
}

/** VERITY_ADMIN_TOKEN when the client runs in Node and it is set; undefined in browsers. */
export function defaultClientToken(): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
  const token = env?.VERITY_ADMIN_TOKEN
  return token === undefined || token === '' ? undefined : token
}
