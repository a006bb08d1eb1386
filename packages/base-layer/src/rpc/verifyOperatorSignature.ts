import { assertSignature, ownerIdOfSignature, type HashDigest, type Signature } from '@verity/core'
import { OperatorKeyNotEd25519Error } from '../errors/requestErrors.ts'
import { operatorRequestBytes, type SignedMethod } from './operatorRequestBytes.ts'

/** The operator that signed a request. */
export type OperatorIdentity = { publicKey: string; ownerId: HashDigest }

/**
 * Checks that `signature` is an Ed25519 signature over the request's signed bytes and returns its
 * signer. Throws `MalformedSignatureError`, `InvalidSignatureError` or `OperatorKeyNotEd25519Error`.
 */
export function verifyOperatorSignature(method: SignedMethod, payload: unknown, signature: unknown): OperatorIdentity {
  if (signature !== null && typeof signature === 'object' && !Array.isArray(signature)) {
    const scheme = Object.keys(signature)[0]
    if (scheme === 'Passkey' || scheme === 'Multisig') throw new OperatorKeyNotEd25519Error({ scheme })
  }
  // assertSignature checks the shape too: it throws MalformedSignatureError naming the field.
  assertSignature(signature, operatorRequestBytes(method, payload))
  const ed25519 = (signature as Extract<Signature, { Ed25519: unknown }>).Ed25519
  return { publicKey: ed25519.pub_key, ownerId: ownerIdOfSignature(signature) }
}
