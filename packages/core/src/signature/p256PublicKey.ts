import { ECDH } from 'node:crypto'

/**
 * The 33-byte compressed SEC1 form of a P-256 public key given in either form. Throws
 * (a plain Error from node) if the bytes are not a point on the curve.
 */
export function compressP256PublicKey(bytes: Uint8Array): Uint8Array {
  if (bytes.length === 33 && (bytes[0] === 0x02 || bytes[0] === 0x03)) {
    // Round-trip through OpenSSL so an x with no point on the curve is refused here too.
    ECDH.convertKey(bytes, 'prime256v1', undefined, undefined, 'uncompressed')
    return bytes
  }
  return new Uint8Array(ECDH.convertKey(bytes, 'prime256v1', undefined, undefined, 'compressed') as Buffer)
}

/** The 65-byte uncompressed SEC1 form of a P-256 public key given in either form. */
export function decompressP256PublicKey(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(ECDH.convertKey(bytes, 'prime256v1', undefined, undefined, 'uncompressed') as Buffer)
}
