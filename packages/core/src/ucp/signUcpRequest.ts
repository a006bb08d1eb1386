// Signing a UCP request as UCP signatures.md asks ("REST Request Signing", RFC 9421): ES256 over
// the required components, the signature in fixed-width r||s, `keyid` the key's `kid`.
import { createHash, createPrivateKey, sign } from 'node:crypto'
import { componentValueOf, contentDigestOf, requiredComponentsOf, signatureBaseOf, type UcpRequestParts } from './ucpSignatureBase.ts'
import type { UcpRequestKey } from './ucpRequestKey.ts'

export type SignUcpRequestParameters = Readonly<{
  method: string
  url: URL
  /** Lower-case header names the request sends (`ucp-agent`, `idempotency-key`, `content-type`). */
  headers: Readonly<Record<string, string>>
  /** The exact body bytes sent (as text), if any. */
  body?: string | undefined
  key: UcpRequestKey
  createdS?: number
}>

/**
 * The headers that sign a request: `Signature-Input`, `Signature` and, with a body,
 * `Content-Digest`. Send them with exactly the headers and body given.
 * @example const signed = signUcpRequest({ method: 'GET', url, headers: { 'ucp-agent': agent }, key })
 */
export function signUcpRequest(parameters: SignUcpRequestParameters): Record<string, string> {
  const hasBody = parameters.body !== undefined && parameters.body !== ''
  const digest = hasBody ? contentDigestOf(createHash('sha256').update(parameters.body!).digest()) : undefined
  const headers = { ...parameters.headers, ...(digest === undefined ? {} : { 'content-digest': digest }) }
  const parts: UcpRequestParts = { method: parameters.method, authority: parameters.url.host, path: parameters.url.pathname, query: parameters.url.search, headers, hasBody }
  const names = requiredComponentsOf(parts)
  const components = names.map((name) => [name, componentValueOf(parts, name) ?? ''] as const)
  const createdS = parameters.createdS ?? Math.floor(Date.now() / 1000)
  const signatureParams = `(${names.map((name) => `"${name}"`).join(' ')});created=${createdS};keyid="${parameters.key.kid}"`
  const privateKey = createPrivateKey({ key: parameters.key.privateJwk as never, format: 'jwk' })
  const signature = sign('sha256', Buffer.from(signatureBaseOf(components, signatureParams)), { key: privateKey, dsaEncoding: 'ieee-p1363' })
  return { ...(digest === undefined ? {} : { 'content-digest': digest }), 'signature-input': `sig1=${signatureParams}`, signature: `sig1=:${signature.toString('base64')}:` }
}
