// The signed bytes of a verifiable (UTF-8 of JCS(payload), DESIGN §3), computed once per parsed
// verifiable when its holder froze it: a service that checks a signature off the event loop and
// then runs the laws over the same parsed object pays for the canonical form once, not twice. A
// frozen object cannot change, so bytes remembered for it stay the bytes of what is there; an
// unfrozen payload is canonicalized at every call, as before.
import { canonicalJsonBytes } from '@verity/core'
import type { VerifiableType } from '../wire/Verifiable.ts'

/** Payloads frozen all the way down by `freezeVerifiable`. */
const frozenPayloads = new WeakSet<object>()
const bytesOfPayload = new WeakMap<object, Uint8Array>()

/** Freezes a parsed verifiable all the way down (it can no longer be changed) and returns it. */
export function freezeVerifiable<T extends VerifiableType>(verifiable: T): T {
  if ('MandatePayment' in verifiable) {
    deepFreeze(verifiable)
    return verifiable
  }
  const message = 'DebitAllowance' in verifiable ? verifiable.DebitAllowance : 'FungibleTokenMint' in verifiable ? verifiable.FungibleTokenMint : verifiable.NftMint
  if (deepFreeze(verifiable)) frozenPayloads.add(message.payload)
  return verifiable
}

/** UTF-8 bytes of JCS(`payload`); remembered for a payload `freezeVerifiable` froze. Do not change the bytes returned. */
export function canonicalPayloadBytes(payload: object): Uint8Array {
  if (!frozenPayloads.has(payload)) return canonicalJsonBytes(payload, 'payload')
  let bytes = bytesOfPayload.get(payload)
  if (bytes === undefined) {
    bytes = canonicalJsonBytes(payload, 'payload')
    bytesOfPayload.set(payload, bytes)
  }
  return bytes
}

/** Freezes plain objects and arrays all the way down; false when something could not be frozen (a typed array). */
function deepFreeze(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true
  if (ArrayBuffer.isView(value)) return false
  let isComplete = true
  for (const inner of Object.values(value)) isComplete = deepFreeze(inner) && isComplete
  Object.freeze(value)
  return isComplete
}
