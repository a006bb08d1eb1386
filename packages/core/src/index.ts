// Public API of @verity/core. Re-exports only.
export { VerityError, isVerityError } from './errors/VerityError.ts'
export { InvalidBase58Error, InvalidJsonError } from './errors/encodingErrors.ts'
export { encodeBase58, decodeBase58 } from './encoding/base58.ts'
export { encodeBase64Url, decodeBase64Url } from './encoding/base64url.ts'
export { canonicalJson, canonicalJsonBytes } from './encoding/jcs.ts'
export { sha256, hashDigest, type HashDigest } from './hash/sha256.ts'
