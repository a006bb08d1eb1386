import { base64urlnopad } from '@scure/base'

/** Encodes bytes as base64url without padding (RFC 4648 §5), as WebAuthn challenges are. */
export function encodeBase64Url(bytes: Uint8Array): string {
  return base64urlnopad.encode(bytes)
}

/** Decodes base64url without padding; throws on bad characters or padding. */
export function decodeBase64Url(value: string): Uint8Array {
  return base64urlnopad.decode(value)
}
