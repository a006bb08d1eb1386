// The hops of an AP2 mandate chain (`<open SD-JWT>~<closed SD-JWT>`, AP2 checkout_mandate.md
// "Encoded Token") as a verifier reads them: the open one's key found by the `kid` of its header
// among the platform's `signing_keys` (AP2's X5cOrKidPublicKeyProvider; UCP's platform profile),
// the closed one verified with the open one's `cnf.jwk` and bound to it by `sd_hash`.
import { SDJwtInstance } from '@sd-jwt/core'
import { decodeBase64Url } from '@verity/core'
import { describeUcpViolations, validateUcp, type Static, type TSchema } from '@verity/wire'
import { CHECKOUT_MANDATE_CHARS_MAX } from '../limits.ts'
import { Ap2MandateError } from './Ap2MandateError.ts'
import { sdJwtHasher, sdJwtVerifierOf, sha256Base64Url } from './sdJwtKeys.ts'

/** The `typ` of an issued (open) mandate SD-JWT, and of a closed one bound to an open one (AP2's SDK). */
export const MANDATE_TYP = 'dc+sd-jwt'
export const CLOSED_MANDATE_TYP = 'kb+sd-jwt'

export type VerifiedHop = { payload: Record<string, unknown>; header: Record<string, unknown> }

/** Splits a chain at its `~~` into the open SD-JWT (ending with `~`) and the closed one. */
export function splitChain(chain: unknown, what: string): { open: string; closed: string } {
  if (typeof chain !== 'string' || chain.length > CHECKOUT_MANDATE_CHARS_MAX) throw malformed(`${what} must be a string of at most ${CHECKOUT_MANDATE_CHARS_MAX} characters`)
  const split = chain.indexOf('~~')
  if (split < 0) throw malformed(`${what} is not an open mandate chained to a closed one (<open SD-JWT>~<closed SD-JWT>)`)
  return { open: chain.slice(0, split + 1), closed: chain.slice(split + 2) }
}

/** The platform key that signs the open mandate: its header's `kid` among `platformKeys` (EC P-256). Throws AP2_PLATFORM_KEY_UNKNOWN. */
export function rootKeyOf(open: string, platformKeys: readonly Readonly<Record<string, unknown>>[]): Readonly<Record<string, unknown>> {
  let header: Record<string, unknown>
  try {
    header = JSON.parse(new TextDecoder().decode(decodeBase64Url(open.slice(0, open.indexOf('.'))))) as Record<string, unknown>
  } catch {
    throw malformed('the open mandate has no readable JWS header')
  }
  const kid = header['kid']
  if (typeof kid !== 'string' || kid.length === 0) throw new Ap2MandateError({ code: 'AP2_PLATFORM_KEY_UNKNOWN', reason: 'the open mandate\'s header names no kid: its signer cannot be found among the platform\'s signing_keys' })
  const key = platformKeys.find((candidate) => candidate['kid'] === kid)
  if (key === undefined) throw new Ap2MandateError({ code: 'AP2_PLATFORM_KEY_UNKNOWN', reason: `the open mandate is signed by key ${JSON.stringify(kid)}, which the platform's profile does not list in signing_keys` })
  if (key['kty'] !== 'EC' || key['crv'] !== 'P-256') throw new Ap2MandateError({ code: 'AP2_PLATFORM_KEY_UNKNOWN', reason: `the platform key ${JSON.stringify(kid)} is not an EC P-256 key (AP2 signs ES256)` })
  return key
}

/** Verifies one SD-JWT with `jwk` (ES256); throws AP2_MANDATE_MALFORMED / AP2_MANDATE_SIGNATURE_INVALID with `refusal`. */
export async function verifyHop(sdJwt: string, jwk: Readonly<Record<string, unknown>>, refusal: string): Promise<VerifiedHop> {
  const instance = new SDJwtInstance({ hasher: sdJwtHasher, verifier: sdJwtVerifierOf(jwk) })
  try {
    await instance.decode(sdJwt)
  } catch (error) {
    throw malformed(`not an SD-JWT: ${(error as Error).message}`)
  }
  try {
    const verified = await instance.verify(sdJwt)
    return { payload: verified.payload as Record<string, unknown>, header: (verified.header ?? {}) as Record<string, unknown> }
  } catch (error) {
    throw new Ap2MandateError({ code: 'AP2_MANDATE_SIGNATURE_INVALID', reason: `${refusal} (${(error as Error).message})` })
  }
}

/** Checks that the closed hop is a key-binding JWT of the open one: typed kb+sd-jwt, `sd_hash` the open one's hash. */
export function checkBinding(open: string, closed: VerifiedHop, what: string): void {
  if (closed.header['typ'] !== CLOSED_MANDATE_TYP) throw malformed(`the closed ${what}'s typ must be ${CLOSED_MANDATE_TYP}`)
  if (closed.payload['sd_hash'] !== sha256Base64Url(open)) throw new Ap2MandateError({ code: 'AP2_MANDATE_SIGNATURE_INVALID', reason: `the closed ${what} is not bound to its open mandate (sd_hash)` })
}

/** The one disclosed `delegate_payload` element of a verified hop, checked against `schema`. */
export function contentOf<T extends TSchema>(payload: unknown, schema: T, what: string): Static<T> {
  const delegated = (payload as { delegate_payload?: unknown } | null)?.delegate_payload
  if (!Array.isArray(delegated) || delegated.length !== 1) throw malformed(`${what} must disclose exactly one delegate_payload element`)
  const checked = validateUcp(schema, delegated[0])
  if (!checked.ok) throw malformed(`${what} breaks its AP2 schema (${describeUcpViolations(checked.violations)})`)
  return checked.value
}

export function malformed(reason: string): Ap2MandateError {
  return new Ap2MandateError({ code: 'AP2_MANDATE_MALFORMED', reason })
}
