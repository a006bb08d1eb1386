// Public API of @verity/core: the browser-safe API (browser.ts) plus what needs Node (key-file
// signers, the signature-verifying worker pool). Re-exports only.
export * from './browser.ts'
export { Ed25519VerifierPool, type Ed25519VerifierPoolOptions } from './signature/pool/Ed25519VerifierPool.ts'
export { assertSignatureInPool } from './signature/pool/assertSignatureInPool.ts'
export { rememberVerifiedSignature } from './signature/pool/preverifiedSignatures.ts'
export { Ed25519Signer } from './signer/Ed25519Signer.ts'
export {
  SoftwarePasskey,
  type SoftwarePasskeyOptions,
  type PasskeyAssertionOverrides,
  type SoftwarePasskeyKeyFile,
} from './signer/SoftwarePasskey.ts'
