// @verity/core and @verity/prover use node's global `Buffer` in a few places (concatenating
// bytes, hex, base64url). The page provides the `buffer` package's implementation before they
// load: this module is the first import of the entry (src/app/main.tsx). That package predates
// node's 'base64url' encoding (core's encodeBase64Url uses it for WebAuthn challenges), so
// toString('base64url') is added here, with the same output as node (no padding).
import { Buffer } from 'buffer'

const toStringOriginal = Buffer.prototype.toString
Buffer.prototype.toString = function toString(this: Buffer, encoding?: string, start?: number, end?: number): string {
  if (encoding !== 'base64url') return toStringOriginal.call(this, encoding as BufferEncoding, start, end)
  return toStringOriginal.call(this, 'base64', start, end).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

;(globalThis as { Buffer?: unknown }).Buffer ??= Buffer
