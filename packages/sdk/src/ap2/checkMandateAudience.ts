import { Ap2MandateError } from './Ap2MandateError.ts'

/**
 * Refuses a mandate made out to another business: its `aud` must be `business` (RFC 9901 §7.3
 * key binding, and AP2's own verifier, require the receiver to check it). Compared as URLs: the
 * same origin and path, a trailing `/` aside. Throws Ap2MandateError (AP2_AUDIENCE_MISMATCH).
 */
export function checkMandateAudience(what: string, audience: unknown, business: string): void {
  if (typeof audience === 'string' && businessKeyOf(audience) !== undefined && businessKeyOf(audience) === businessKeyOf(business)) return
  const named = typeof audience === 'string' ? JSON.stringify(audience.slice(0, 200)) : 'no aud'
  throw new Ap2MandateError({ code: 'AP2_AUDIENCE_MISMATCH', reason: `the ${what} is made out to ${named}, not to this business (${business}): a mandate is spent only where its aud says` })
}

function businessKeyOf(text: string): string | undefined {
  try {
    const url = new URL(text)
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
  } catch {
    return undefined
  }
}
