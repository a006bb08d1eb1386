import { canonicalJsonBytes, decodeBase64Url, encodeBase64Url } from '@verity/core'

const DETACHED = /^([A-Za-z0-9_-]+)\.\.([A-Za-z0-9_-]+)$/

/**
 * AP2's `checkout_jwt` of a UCP checkout: the business's `ap2.merchant_authorization` (a JWS with
 * detached content) with its payload attached, `<header>.<base64url JCS(checkout without ap2)>.<signature>`.
 * The business's signature verifies over it unchanged. Throws TypeError when the checkout carries no
 * detached JWS.
 */
export function checkoutJwtOf(checkout: Readonly<Record<string, unknown>>): string {
  const ap2 = checkout['ap2'] as Record<string, unknown> | undefined
  const parts = typeof ap2?.['merchant_authorization'] === 'string' ? DETACHED.exec(ap2['merchant_authorization']) : null
  if (parts === null) throw new TypeError('the checkout carries no ap2.merchant_authorization (<header>..<signature>): did the business negotiate dev.ucp.shopping.ap2_mandate?')
  const { ap2: _ap2, ...signed } = checkout
  return `${parts[1]}.${encodeBase64Url(canonicalJsonBytes(signed, 'checkout'))}.${parts[2]}`
}

/** The checkout of a `checkout_jwt`: its payload with `ap2.merchant_authorization` restored (detached). Undefined when it is not a compact JWS of a JSON object. */
export function checkoutOfJwt(checkoutJwt: string): Record<string, unknown> | undefined {
  const parts = checkoutJwt.split('.')
  if (parts.length !== 3) return undefined
  try {
    const payload = JSON.parse(new TextDecoder().decode(decodeBase64Url(parts[1]!))) as unknown
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined
    return { ...(payload as Record<string, unknown>), ap2: { merchant_authorization: `${parts[0]}..${parts[2]}` } }
  } catch {
    return undefined
  }
}
