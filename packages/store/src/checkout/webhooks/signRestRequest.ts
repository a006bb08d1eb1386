// RFC 9421 HTTP Message Signatures as UCP's signatures.md "REST Request Signing" has them, for the
// store's order webhooks: ECDSA P-256 (ES256) over the signature base of `@method`, `@authority`,
// `@path` (`@query` when there is one), `ucp-agent`, `content-digest` and `content-type`, the
// signature in fixed-width r||s, `keyid` the `kid` of the key in the store's `signing_keys`.
import { createHash, createPrivateKey, sign } from 'node:crypto'
import type { MerchantSigningKey } from '@verity/core'

export type SignedHeaders = Readonly<{ 'content-digest': string; 'signature-input': string; signature: string }>

/** The signature base of RFC 9421 §2.5 for the given components (`@`-derived or header values). */
export function signatureBaseOf(components: readonly (readonly [string, string])[], signatureParams: string): string {
  return [...components.map(([name, value]) => `"${name}": ${value}`), `"@signature-params": ${signatureParams}`].join('\n')
}

/** The components a POST of `body` to `url` with these headers signs, in order. */
export function requestComponents(url: URL, headers: Readonly<{ 'ucp-agent': string; 'content-digest': string; 'content-type': string }>): [string, string][] {
  return [
    ['@method', 'POST'],
    ['@authority', url.host.toLowerCase()],
    ['@path', url.pathname],
    ...(url.search === '' ? [] : ([['@query', url.search]] as [string, string][])),
    ['ucp-agent', headers['ucp-agent']],
    ['content-digest', headers['content-digest']],
    ['content-type', headers['content-type']],
  ]
}

/** Signs a JSON POST of `body` to `url`: returns Content-Digest, Signature-Input and Signature. */
export function signRestRequest(parameters: { url: URL; body: string; ucpAgent: string; key: MerchantSigningKey; createdS: number }): SignedHeaders {
  const contentDigest = `sha-256=:${createHash('sha256').update(parameters.body).digest('base64')}:`
  const components = requestComponents(parameters.url, { 'ucp-agent': parameters.ucpAgent, 'content-digest': contentDigest, 'content-type': 'application/json' })
  const signatureParams = `(${components.map(([name]) => `"${name}"`).join(' ')});created=${parameters.createdS};keyid="${parameters.key.kid}"`
  const privateKey = createPrivateKey({ key: parameters.key.privateJwk as never, format: 'jwk' })
  const signature = sign('sha256', Buffer.from(signatureBaseOf(components, signatureParams)), { key: privateKey, dsaEncoding: 'ieee-p1363' })
  return { 'content-digest': contentDigest, 'signature-input': `sig1=${signatureParams}`, signature: `sig1=:${signature.toString('base64')}:` }
}
