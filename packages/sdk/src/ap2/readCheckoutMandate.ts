// Verifying an AP2 Checkout Mandate chain (docs/ap2-verity-constraint.md, "Evaluation", steps 1–4):
// the user's open mandate, the agent's closed one bound to it, the checkout it carries.
import { SDJwtInstance } from '@sd-jwt/core'
import { Ap2CheckoutMandate, Ap2OpenCheckoutMandate, describeUcpViolations, validateUcp, type Static, type TSchema } from '@verity/wire'
import { CHECKOUT_MANDATE_CHARS_MAX, MANDATE_CLOCK_SKEW_SECONDS } from '../limits.ts'
import { Ap2MandateError } from './Ap2MandateError.ts'
import { checkoutOfJwt } from './checkoutJwt.ts'
import { CLOSED_MANDATE_TYP } from './issueMandates.ts'
import { ed25519PublicJwk, sdJwtHasher, sdJwtVerifierOf, sha256Base64Url } from './sdJwtKeys.ts'

export type ReadCheckoutMandate = {
  open: Static<typeof Ap2OpenCheckoutMandate>
  closed: Static<typeof Ap2CheckoutMandate>
  /** The checkout of `checkout_jwt`, with its `ap2.merchant_authorization` (not yet verified: the business's keys judge it). */
  checkout: Record<string, unknown>
  /** The closed mandate's audience and nonce. */
  audience: string | undefined
}

/**
 * Verifies the chain `<open SD-JWT>~<closed SD-JWT>` of `ap2.checkout_mandate`: the open mandate
 * is signed by `issuerPublicKey` (the intent's signer, Ed25519) and not expired; the closed one is
 * signed by the open one's `cnf.jwk`, typed `kb+sd-jwt`, its `sd_hash` is the open one's hash, and
 * its `checkout_hash` is the hash of its `checkout_jwt`. Throws Ap2MandateError.
 */
export async function readCheckoutMandate(chain: string, issuerPublicKey: Uint8Array, nowMs: number = Date.now()): Promise<ReadCheckoutMandate> {
  if (typeof chain !== 'string' || chain.length > CHECKOUT_MANDATE_CHARS_MAX)
    throw malformed(`ap2.checkout_mandate must be a string of at most ${CHECKOUT_MANDATE_CHARS_MAX} characters`)
  const split = chain.indexOf('~~')
  if (split < 0) throw malformed('ap2.checkout_mandate is not an open mandate chained to a closed one (<open SD-JWT>~<closed SD-JWT>)')
  const open = chain.slice(0, split + 1)
  const openPayload = await verified(open, ed25519PublicJwk(issuerPublicKey), 'the open mandate is not signed by the intent\'s signer')
  const openContent = contentOf(openPayload.payload, Ap2OpenCheckoutMandate, 'the open mandate')
  const nowSeconds = Math.floor(nowMs / 1000)
  if (openContent.exp !== undefined && openContent.exp + MANDATE_CLOCK_SKEW_SECONDS < nowSeconds)
    throw new Ap2MandateError({ code: 'AP2_MANDATE_EXPIRED', reason: `the open mandate expired at ${new Date(openContent.exp * 1000).toISOString()}` })
  const closedPayload = await verified(chain.slice(split + 2), openContent.cnf.jwk, 'the closed mandate is not signed by the key the open mandate binds (cnf)')
  if (closedPayload.header?.['typ'] !== CLOSED_MANDATE_TYP) throw malformed(`the closed mandate's typ must be ${CLOSED_MANDATE_TYP}`)
  const claims = closedPayload.payload as Record<string, unknown>
  if (claims['sd_hash'] !== sha256Base64Url(open)) throw new Ap2MandateError({ code: 'AP2_MANDATE_SIGNATURE_INVALID', reason: 'the closed mandate is not bound to this open mandate (sd_hash)' })
  const closed = contentOf(claims, Ap2CheckoutMandate, 'the closed mandate')
  if (closed.checkout_hash !== sha256Base64Url(closed.checkout_jwt)) throw new Ap2MandateError({ code: 'AP2_CHECKOUT_HASH_MISMATCH', reason: 'checkout_hash is not the hash of checkout_jwt' })
  const checkout = checkoutOfJwt(closed.checkout_jwt)
  if (checkout === undefined) throw malformed('checkout_jwt is not a compact JWS of a checkout object')
  return { open: openContent, closed, checkout, audience: typeof claims['aud'] === 'string' ? claims['aud'] : undefined }
}

async function verified(sdJwt: string, jwk: Readonly<Record<string, unknown>>, refusal: string): Promise<{ payload: unknown; header: Record<string, unknown> | undefined }> {
  const instance = new SDJwtInstance({ hasher: sdJwtHasher, verifier: sdJwtVerifierOf(jwk) })
  try {
    await instance.decode(sdJwt)
  } catch (error) {
    throw malformed(`not an SD-JWT: ${(error as Error).message}`)
  }
  try {
    return await instance.verify(sdJwt)
  } catch (error) {
    throw new Ap2MandateError({ code: 'AP2_MANDATE_SIGNATURE_INVALID', reason: `${refusal} (${(error as Error).message})` })
  }
}

function contentOf<T extends TSchema>(payload: unknown, schema: T, what: string): Static<T> {
  const delegated = (payload as { delegate_payload?: unknown } | null)?.delegate_payload
  if (!Array.isArray(delegated) || delegated.length !== 1) throw malformed(`${what} must disclose exactly one delegate_payload element`)
  const checked = validateUcp(schema, delegated[0])
  if (!checked.ok) throw malformed(`${what} breaks its AP2 schema (${describeUcpViolations(checked.violations)})`)
  return checked.value
}

function malformed(reason: string): Ap2MandateError {
  return new Ap2MandateError({ code: 'AP2_MANDATE_MALFORMED', reason })
}
