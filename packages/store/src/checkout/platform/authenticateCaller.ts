// Who is asking (UCP overview.md, "Identity Binding"; signatures.md, "REST Request Verification"):
// the platform profile its UCP-Agent names, proven by an RFC 9421 signature with a key of that
// profile's `signing_keys`. A checkout session belongs to the caller that opened it.
import { verifyUcpRequest, type UcpRequestParts } from '@verity/core'
import { SignatureInvalidError, SignatureMissingError, SignatureUnusableError } from '../../errors/storeErrors.ts'
import type { Platform } from './PlatformResolver.ts'

/** A request as received, for its signature: the parts it covers and the raw body bytes. */
export type SignedRequest = UcpRequestParts & Readonly<{ body: Uint8Array | undefined }>

/**
 * The caller of one request: the profile URL it named and the RFC 7638 thumbprint of the key that
 * signed it. `keyThumbprint` is undefined only in conformance mode, for an unsigned request.
 */
export type Caller = Readonly<{ profileUrl: string | undefined; keyThumbprint: string | undefined }>

/**
 * The caller of a request whose platform is resolved: its signature must verify with a key of the
 * platform profile's `signing_keys`. With `isLenient` (conformance mode: the suite does not sign)
 * an unsigned request, or one whose profile could not be read, is the profile URL alone. Throws
 * SignatureMissingError (401), SignatureInvalidError (401), SignatureUnusableError (400).
 */
export function authenticateCaller(platform: Platform, signed: SignedRequest | undefined, options: { isLenient: boolean; nowS?: number }): Caller {
  const isSigned = signed !== undefined && (signed.headers['signature'] !== undefined || signed.headers['signature-input'] !== undefined)
  if (options.isLenient && (!isSigned || platform.profile === undefined)) return { profileUrl: platform.profileUrl, keyThumbprint: undefined }
  if (signed === undefined || !isSigned) {
    throw new SignatureMissingError({ reason: 'checkout and order requests must be signed (RFC 9421 Signature-Input and Signature, UCP signatures.md) with a key listed in the signing_keys of the platform profile UCP-Agent names: a session answers only to the platform that opened it' })
  }
  const signingKeys = (platform.profile?.['signing_keys'] ?? []) as Record<string, unknown>[]
  if (!Array.isArray(signingKeys) || signingKeys.length === 0) {
    throw new SignatureInvalidError({ ucpCode: 'key_not_found', reason: `the platform profile ${platform.profileUrl ?? '(none)'} lists no signing_keys` })
  }
  const verdict = verifyUcpRequest({ parts: signed, body: signed.body, signingKeys, ...(options.nowS === undefined ? {} : { nowS: options.nowS }) })
  if (verdict.ok) return { profileUrl: platform.profileUrl, keyThumbprint: verdict.thumbprint }
  if (verdict.code === 'signature_missing') throw new SignatureMissingError({ reason: verdict.reason })
  if (verdict.code === 'digest_mismatch' || verdict.code === 'algorithm_unsupported') throw new SignatureUnusableError({ ucpCode: verdict.code, reason: verdict.reason })
  throw new SignatureInvalidError({ ucpCode: verdict.code, reason: verdict.reason })
}

/** Whether `caller` is the platform that opened a session (the same profile URL and the same key). */
export function isOpener(opener: Caller | undefined, caller: Caller): boolean {
  return opener !== undefined && opener.profileUrl === caller.profileUrl && opener.keyThumbprint === caller.keyThumbprint
}
