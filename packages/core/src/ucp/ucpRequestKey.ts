// The P-256 key a Verity platform signs its UCP requests with (UCP signatures.md: ES256 is the one
// algorithm every party verifies). It is derived from an Ed25519 signer, so that the same agent key
// file always gives the same request key: a session opened by `verity checkout` in one process can
// be completed by another, and nothing new has to be stored or backed up.
import { createECDH, createHash, createPublicKey } from 'node:crypto'
import { base64url } from '@scure/base'
import { decodeBase58 } from '../encoding/base58.ts'
import { InvalidSignerError } from '../errors/keyFileErrors.ts'
import type { KeySigner } from '../signer/Signer.ts'

/** A P-256 public JWK as UCP profiles list it in `signing_keys`. */
export type UcpPublicJwk = Readonly<{ kid: string; kty: 'EC'; crv: 'P-256'; x: string; y: string; use: 'sig'; alg: 'ES256' }>

/** A request-signing key: its public JWK (`kid` = RFC 7638 thumbprint) and the private JWK (`d` set). */
export type UcpRequestKey = Readonly<{ kid: string; publicJwk: UcpPublicJwk; privateJwk: Readonly<Record<string, string>> }>

/** What is signed to derive the key: a tag no other Verity signature uses. */
export const UCP_REQUEST_KEY_TAG = 'verity/ucp-request-key/v1'
/** The tag of the agent's AP2 mandate key (`cnf`, docs/ap2-verity-constraint.md): another key of the same agent. */
export const AP2_MANDATE_KEY_TAG = 'verity/ap2-mandate-key/v1'

// n, the order of the P-256 group (SEC 2 §2.4.2): a private key is an integer in [1, n-1].
const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n
// Re-hashing until the scalar is in range: each try fails with probability < 2^-32.
const DERIVATION_TRIES_MAX = 8

/**
 * The UCP request key of an Ed25519 signer: SHA-256 of its (deterministic) signature over
 * UCP_REQUEST_KEY_TAG, as a P-256 scalar. Throws InvalidSignerError for a signer whose signatures
 * are not deterministic (a passkey) or that is not Ed25519.
 * @example const key = deriveUcpRequestKey(agent); profile.signing_keys = [key.publicJwk]
 */
export function deriveUcpRequestKey(signer: KeySigner): UcpRequestKey {
  return deriveP256Key(signer, UCP_REQUEST_KEY_TAG)
}

/**
 * The agent's AP2 mandate key: the P-256 key its mandates are bound to (`cnf.jwk`) and that signs
 * the closed mandates, derived as the request key is, under AP2_MANDATE_KEY_TAG.
 * @example const mandateKey = deriveAp2MandateKey(agent)
 */
export function deriveAp2MandateKey(signer: KeySigner): UcpRequestKey {
  return deriveP256Key(signer, AP2_MANDATE_KEY_TAG)
}

function deriveP256Key(signer: KeySigner, tag: string): UcpRequestKey {
  const signature = signer.sign(new TextEncoder().encode(tag))
  if (!('Ed25519' in signature)) throw new InvalidSignerError({ reason: 'a UCP request key is derived from an Ed25519 signer (a passkey\'s signatures are not deterministic)' })
  let seed = createHash('sha256').update(decodeBase58(signature.Ed25519.signature, 'signature', 64)).digest()
  for (let tries = 0; tries < DERIVATION_TRIES_MAX; tries += 1) {
    const scalar = BigInt(`0x${seed.toString('hex')}`)
    if (scalar > 0n && scalar < P256_ORDER) return requestKeyOf(seed)
    seed = createHash('sha256').update(seed).digest()
  }
  throw new InvalidSignerError({ reason: 'no P-256 scalar could be derived from this signer' })
}

/** The RFC 7638 thumbprint of a P-256 public JWK (base64url of SHA-256 of its required members, in order). */
export function ucpJwkThumbprint(jwk: Readonly<{ crv: unknown; kty: unknown; x: unknown; y: unknown }>): string {
  const members = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y })
  return base64url.encode(createHash('sha256').update(members).digest()).replace(/=+$/, '')
}

function requestKeyOf(privateScalar: Buffer): UcpRequestKey {
  const ecdh = createECDH('prime256v1')
  ecdh.setPrivateKey(privateScalar)
  const point = ecdh.getPublicKey()
  const encode = (bytes: Uint8Array) => base64url.encode(bytes).replace(/=+$/, '')
  const x = encode(point.subarray(1, 33))
  const y = encode(point.subarray(33, 65))
  const kid = ucpJwkThumbprint({ crv: 'P-256', kty: 'EC', x, y })
  return {
    kid,
    publicJwk: Object.freeze({ kid, kty: 'EC', crv: 'P-256', x, y, use: 'sig', alg: 'ES256' }),
    privateJwk: Object.freeze({ kty: 'EC', crv: 'P-256', x, y, d: encode(privateScalar) }),
  }
}

// A P-256 coordinate in base64url without padding: 32 bytes.
const COORDINATE = /^[A-Za-z0-9_-]{43}$/

/**
 * A public key as one URL parameter value, `<x>.<y>` (base64url coordinates): how a Verity agent's
 * platform profile URL names the key the profile lists (`…/ucp/platform-profile?signing_key=<x>.<y>`),
 * so that the URL itself is bound to the key.
 */
export function ucpKeyParameterOf(jwk: Readonly<{ x: string; y: string }>): string {
  return `${jwk.x}.${jwk.y}`
}

/** The public JWK a `signing_key` parameter names, or undefined when it is not a point of P-256. */
export function ucpPublicJwkOfParameter(text: string): UcpPublicJwk | undefined {
  const [x, y, ...rest] = text.split('.')
  if (rest.length > 0 || x === undefined || y === undefined || !COORDINATE.test(x) || !COORDINATE.test(y)) return undefined
  try {
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x, y }, format: 'jwk' })
  } catch {
    return undefined
  }
  const kid = ucpJwkThumbprint({ crv: 'P-256', kty: 'EC', x, y })
  return Object.freeze({ kid, kty: 'EC', crv: 'P-256', x, y, use: 'sig', alg: 'ES256' })
}
