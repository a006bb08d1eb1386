// @verity/core for the page: its public API minus the signers that read and write key files
// (Ed25519Signer, SoftwarePasskey: node:fs). Vite aliases `@verity/core` here (vite.config.ts), so
// @verity/policy, the SDK's verifyProofBundle and the page share one copy of the real modules.
// Keep in step with packages/core/src/index.ts.
export { VerityError, isVerityError } from '../../../core/src/errors/VerityError.ts'
export { InvalidBase58Error, InvalidJsonError, JsonTooDeepError } from '../../../core/src/errors/encodingErrors.ts'
export { MalformedSignatureError, InvalidSignatureError } from '../../../core/src/errors/signatureErrors.ts'
export { InvalidAddressError } from '../../../core/src/errors/addressErrors.ts'
export { InvalidInputValueError } from '../../../core/src/errors/inputValueErrors.ts'
export { InvalidKeyFileError, InvalidSignerError } from '../../../core/src/errors/keyFileErrors.ts'
export { coreErrorCodes, type CoreErrorCode } from '../../../core/src/errors/coreErrorCodes.ts'
export * as limits from '../../../core/src/limits.ts'
export {
  attestEvidence,
  checkEvidenceAttestation,
  evidenceAttestationBytes,
  EVIDENCE_ATTESTATION_TAG,
  ATTESTATION_SOURCES_MAX,
  type AttestationCheck,
  type AttestedExtraction,
  type EvidenceAttestation,
  type EvidenceSource,
} from '../../../core/src/attestation/evidenceAttestation.ts'
export { retryWithBackoff, type RetryPolicy, type RetryWithBackoffParameters } from '../../../core/src/retry/retryWithBackoff.ts'

export { encodeBase58, decodeBase58 } from '../../../core/src/encoding/base58.ts'
export { encodeBase64Url, decodeBase64Url } from '../../../core/src/encoding/base64url.ts'
export { canonicalJson, canonicalJsonBytes } from '../../../core/src/encoding/jcs.ts'
export { sha256, hashDigest, type HashDigest } from '../../../core/src/hash/sha256.ts'
export { parseJsonBigint, type ParseJsonBigintOptions } from '../../../core/src/json/parseJsonBigint.ts'
export { stringifyJsonBigint } from '../../../core/src/json/stringifyJsonBigint.ts'

export {
  signatureLengths,
  type Signature,
  type SignatureScheme,
  type Ed25519Signature,
  type PasskeySignature,
  type MultisigSignature,
  type MultisigPubKey,
} from '../../../core/src/signature/Signature.ts'
export { verifySignature, assertSignature } from '../../../core/src/signature/verifySignature.ts'
export { parseSignature, type ParsedSignature } from '../../../core/src/signature/parseSignature.ts'
export { WEBAUTHN_GET_TYPE, authenticatorFlags } from '../../../core/src/signature/checkPasskey.ts'
export { compressP256PublicKey, decompressP256PublicKey } from '../../../core/src/signature/p256PublicKey.ts'
export { PublicKeyCache, publicKeyCache } from '../../../core/src/signature/publicKeyCache.ts'

export { ownerIdOfSignature, ownerIdOfEd25519Key, ownerIdOfP256Key, ownerIdOfMultisig, ownerIdTags } from '../../../core/src/owner/ownerId.ts'
export { formatAddress, parseAddress, isHashDigest, NATIVE_TOKEN_ID, type Address } from '../../../core/src/address/address.ts'

export type { Signer, KeySigner } from '../../../core/src/signer/Signer.ts'
export { MultisigSigner, type MultisigMember, type MultisigSignerParameters } from '../../../core/src/signer/MultisigSigner.ts'

export { inputValueTags, type InputValue, type TaggedInputValue } from '../../../core/src/input/InputValue.ts'
export { decodeInputValue, decodeInputMap, decodeInputFields } from '../../../core/src/input/decodeInputValue.ts'
export { encodeInputValueTagged, encodeInputMapTagged } from '../../../core/src/input/encodeInputValueTagged.ts'
