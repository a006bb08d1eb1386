// RFC 9421 signature bases for UCP requests (UCP signatures.md, "REST Request Signing"): the
// components a request must cover and the base they are signed as.

/** The value each covered component has in one request. */
export type UcpRequestParts = Readonly<{
  method: string
  /** The target host as sent (`Host`), e.g. `127.0.0.1:8095`. */
  authority: string
  path: string
  /** The query with its `?`, or '' when there is none. */
  query: string
  /** Lower-case header names to their values. */
  headers: Readonly<Record<string, string | undefined>>
  /** Whether the request has a body (then `content-digest` and `content-type` are covered). */
  hasBody: boolean
}>

/**
 * The components UCP requires a request's signature to cover: `@method`, `@authority`, `@path`,
 * `@query` when there is one, `ucp-agent` and `idempotency-key` when sent, and `content-digest`
 * with `content-type` when there is a body.
 */
export function requiredComponentsOf(parts: UcpRequestParts): string[] {
  return [
    '@method',
    '@authority',
    '@path',
    ...(parts.query === '' ? [] : ['@query']),
    ...(parts.headers['ucp-agent'] === undefined ? [] : ['ucp-agent']),
    ...(parts.headers['idempotency-key'] === undefined ? [] : ['idempotency-key']),
    ...(parts.hasBody ? ['content-digest', 'content-type'] : []),
  ]
}

/** The value of one component, or undefined when the request does not have it. */
export function componentValueOf(parts: UcpRequestParts, name: string): string | undefined {
  switch (name) {
    case '@method':
      return parts.method.toUpperCase()
    case '@authority':
      return parts.authority.toLowerCase()
    case '@path':
      return parts.path
    case '@query':
      return parts.query === '' ? '?' : parts.query
    default:
      return name.startsWith('@') ? undefined : parts.headers[name]?.trim()
  }
}

/** The signature base of RFC 9421 §2.5: one line per component, then `@signature-params`. */
export function signatureBaseOf(components: readonly (readonly [string, string])[], signatureParams: string): string {
  return [...components.map(([name, value]) => `"${name}": ${value}`), `"@signature-params": ${signatureParams}`].join('\n')
}

/** RFC 9530 `Content-Digest` of a body: `sha-256=:<base64>:`. */
export function contentDigestOf(sha256: Uint8Array): string {
  return `sha-256=:${Buffer.from(sha256).toString('base64')}:`
}
