import { canonicalJsonBytes } from '@verity/core'

/** Methods whose params an operator signs. */
export type SignedMethod = 'submitAgreement' | 'submitSdl'

/**
 * The bytes an operator signs for a request: UTF-8 of JCS(`{ method, payload }`), where `payload`
 * is the params without `signature`. The method name separates the two kinds of request, so a
 * signature made for one can never be replayed as the other.
 */
export function operatorRequestBytes(method: SignedMethod, payload: unknown): Uint8Array {
  return canonicalJsonBytes({ method, payload }, `${method} payload`)
}
