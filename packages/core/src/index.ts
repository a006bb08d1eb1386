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
export { AP2_MANDATE_KEY_TAG, deriveAp2MandateKey, deriveUcpRequestKey, ucpJwkThumbprint, ucpKeyParameterOf, ucpPublicJwkOfParameter, UCP_REQUEST_KEY_TAG, type UcpPublicJwk, type UcpRequestKey } from './ucp/ucpRequestKey.ts'
export { signUcpRequest, type SignUcpRequestParameters } from './ucp/signUcpRequest.ts'
export { verifyUcpRequest, type UcpRequestVerdict, type UcpSignatureErrorCode, type VerifyUcpRequestParameters } from './ucp/verifyUcpRequest.ts'
export { type UcpRequestParts } from './ucp/ucpSignatureBase.ts'
