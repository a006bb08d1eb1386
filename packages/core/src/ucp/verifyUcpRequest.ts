// Verifying a UCP request's RFC 9421 signature (UCP signatures.md, "REST Request Verification")
// against the `signing_keys` of the profile its `UCP-Agent` names.
import { createHash, createPublicKey, verify } from 'node:crypto'
import { UCP_SIGNATURE_AGE_S_MAX, UCP_SIGNATURE_HEADER_CHARS_MAX } from '../limits.ts'
import { componentValueOf, contentDigestOf, requiredComponentsOf, signatureBaseOf, type UcpRequestParts } from './ucpSignatureBase.ts'
import { ucpJwkThumbprint } from './ucpRequestKey.ts'


/** UCP's signature error codes (overview.md, "Signature Errors"). */
export type UcpSignatureErrorCode = 'signature_missing' | 'signature_invalid' | 'key_not_found' | 'digest_mismatch' | 'algorithm_unsupported'

export type UcpRequestVerdict = Readonly<{ ok: true; kid: string; thumbprint: string }> | Readonly<{ ok: false; code: UcpSignatureErrorCode; reason: string }>

export type VerifyUcpRequestParameters = Readonly<{
  parts: UcpRequestParts
  /** The raw body bytes received. */
  body: Uint8Array | undefined
  /** The signer's profile `signing_keys`. */
  signingKeys: readonly Readonly<Record<string, unknown>>[]
  nowS?: number
}>

const INPUT = /^\s*([A-Za-z0-9_-]{1,64})=\(([^)]*)\)((?:;[a-z]+=(?:"[^"]*"|-?[0-9]{1,16}))*)\s*$/
const PARAMETER = /;([a-z]+)=("([^"]*)"|-?[0-9]{1,16})/g

/**
 * Checks a request's signature: it covers every component UCP requires, `Content-Digest` is the
 * body's, the key named by `keyid` is a P-256 key of `signingKeys`, and the signature verifies.
 * Returns the key's `kid` and RFC 7638 thumbprint, or the UCP error code and why. Never throws.
 * @example const verdict = verifyUcpRequest({ parts, body, signingKeys: profile.signing_keys })
 */
export function verifyUcpRequest(parameters: VerifyUcpRequestParameters): UcpRequestVerdict {
  const { parts } = parameters
  const input = parts.headers['signature-input']
  const signatureHeader = parts.headers['signature']
  if (input === undefined || signatureHeader === undefined) return refuse('signature_missing', 'the request has no Signature-Input and Signature (RFC 9421): sign it with a key of your platform profile')
  if (input.length > UCP_SIGNATURE_HEADER_CHARS_MAX || signatureHeader.length > UCP_SIGNATURE_HEADER_CHARS_MAX) return refuse('signature_invalid', `a signature header is longer than ${UCP_SIGNATURE_HEADER_CHARS_MAX} characters`)
  const parsed = INPUT.exec(input.split(',')[0]!)
  if (parsed === null) return refuse('signature_invalid', 'Signature-Input is not label=("component" …);keyid="…"')
  const [, label, list, paramText] = parsed as unknown as [string, string, string, string]
  const names = list.trim() === '' ? [] : list.trim().split(/\s+/).map((name) => name.replace(/^"|"$/g, ''))
  const missing = requiredComponentsOf(parts).filter((name) => !names.includes(name))
  if (missing.length > 0) return refuse('signature_invalid', `the signature does not cover ${missing.join(', ')}`)
  const params = new Map([...paramText.matchAll(PARAMETER)].map((match) => [match[1]!, match[3] ?? match[2]!]))
  const keyid = params.get('keyid')
  if (keyid === undefined) return refuse('signature_invalid', 'Signature-Input names no keyid')
  const created = params.get('created')
  const nowS = parameters.nowS ?? Math.floor(Date.now() / 1000)
  if (created !== undefined && Math.abs(nowS - Number(created)) > UCP_SIGNATURE_AGE_S_MAX) return refuse('signature_invalid', `the signature was created ${nowS - Number(created)} s ago; at most ${UCP_SIGNATURE_AGE_S_MAX} s either way`)
  if (parts.hasBody) {
    const digest = contentDigestOf(createHash('sha256').update(parameters.body ?? new Uint8Array()).digest())
    if (parts.headers['content-digest'] !== digest) return refuse('digest_mismatch', 'Content-Digest is not the SHA-256 of the body')
  }
  const jwk = parameters.signingKeys.find((key) => key['kid'] === keyid)
  if (jwk === undefined) return refuse('key_not_found', `the platform profile lists no signing key with kid ${JSON.stringify(keyid.slice(0, 80))}`)
  if (jwk['kty'] !== 'EC' || jwk['crv'] !== 'P-256') return refuse('algorithm_unsupported', `key ${keyid} is not a P-256 EC key (ES256 is the algorithm verified)`)
  const value = new RegExp(`(?:^|,)\\s*${label}=:([A-Za-z0-9+/=]{1,200}):`).exec(signatureHeader)?.[1]
  if (value === undefined) return refuse('signature_invalid', `the Signature header has no value for ${label}`)
  const components = names.map((name) => [name, componentValueOf(parts, name)] as const)
  const absent = components.find(([, componentValue]) => componentValue === undefined)
  if (absent !== undefined) return refuse('signature_invalid', `the signature covers ${absent[0]}, which the request does not have`)
  try {
    const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: jwk['x'], y: jwk['y'] } as never, format: 'jwk' })
    const base = signatureBaseOf(components as [string, string][], input.split(',')[0]!.trim().slice(label.length + 1))
    if (!verify('sha256', Buffer.from(base), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(value, 'base64'))) return refuse('signature_invalid', `the signature does not verify with key ${keyid}`)
  } catch (error) {
    return refuse('signature_invalid', `the signature cannot be checked with key ${keyid} (${(error as Error).message})`)
  }
  return { ok: true, kid: keyid, thumbprint: ucpJwkThumbprint(jwk as { crv: unknown; kty: unknown; x: unknown; y: unknown }) }
}

function refuse(code: UcpSignatureErrorCode, reason: string): UcpRequestVerdict {
  return { ok: false, code, reason }
}
