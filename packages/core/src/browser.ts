// The browser-safe API of @verity/core (`@verity/core/browser`): everything but what reads key files,
// starts worker threads or needs Node's streams. The web app's bundle resolves `@verity/core` here
// (packages/web/vite.config.ts). Re-exports only.
export { VerityError, isVerityError } from './errors/VerityError.ts'
export { InvalidBase58Error, InvalidJsonError, JsonTooDeepError } from './errors/encodingErrors.ts'
export { MalformedSignatureError, InvalidSignatureError } from './errors/signatureErrors.ts'
export { InvalidAddressError } from './errors/addressErrors.ts'
export { InvalidInputValueError } from './errors/inputValueErrors.ts'
export { InvalidKeyFileError, InvalidSignerError } from './errors/keyFileErrors.ts'
export { InvalidRequestError, BodyTooLargeError } from './errors/requestErrors.ts'
export { InvalidOptionError } from './errors/optionErrors.ts'
export { coreErrorCodes, type CoreErrorCode } from './errors/coreErrorCodes.ts'
export * as limits from './limits.ts'
export { VERITY_VERSION, compareVersions, isVerityVersion } from './version/verityVersion.ts'
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
} from './attestation/evidenceAttestation.ts'
export { readBodyBounded, contentLengthOf, type BoundedBodySource, type ReadableStreamLike, type ReadBodyBoundedParameters } from './body/readBodyBounded.ts'
export { retryWithBackoff, type RetryPolicy, type RetryWithBackoffParameters } from './retry/retryWithBackoff.ts'
export { encodeBase58, decodeBase58 } from './encoding/base58.ts'
export { encodeBase64Url, decodeBase64Url } from './encoding/base64url.ts'
export { canonicalJson, canonicalJsonBytes } from './encoding/jcs.ts'
export { sha256, hashDigest, type HashDigest } from './hash/sha256.ts'
export { parseJsonBigint, type ParseJsonBigintOptions } from './json/parseJsonBigint.ts'
export { stringifyJsonBigint } from './json/stringifyJsonBigint.ts'
export {
  signatureLengths,
  type Signature,
  type SignatureScheme,
  type Ed25519Signature,
  type PasskeySignature,
  type MultisigSignature,
  type MultisigPubKey,
} from './signature/Signature.ts'
export { verifySignature, assertSignature } from './signature/verifySignature.ts'
export { parseSignature, type ParsedSignature } from './signature/parseSignature.ts'
export { WEBAUTHN_GET_TYPE, authenticatorFlags } from './signature/checkPasskey.ts'
export { ANY_PASSKEY_ORIGIN, type PasskeyPolicy } from './signature/PasskeyPolicy.ts'
export { checkPasskeyPolicy } from './signature/checkPasskeyPolicy.ts'
export { compressP256PublicKey, decompressP256PublicKey } from './signature/p256PublicKey.ts'
export { PublicKeyCache, publicKeyCache } from './signature/publicKeyCache.ts'
export { ownerIdOfSignature, ownerIdOfEd25519Key, ownerIdOfP256Key, ownerIdOfMultisig, ownerIdTags } from './owner/ownerId.ts'
export { formatAddress, parseAddress, isHashDigest, NATIVE_TOKEN_ID, type Address } from './address/address.ts'
export { EVM_ADDRESS_PATTERN, isEvmAddress } from './address/evmAddress.ts'
export type { Signer, KeySigner } from './signer/Signer.ts'
export { MultisigSigner, type MultisigMember, type MultisigSignerParameters } from './signer/MultisigSigner.ts'
export { inputValueTags, type InputValue, type TaggedInputValue } from './input/InputValue.ts'
export { decodeInputValue, decodeInputMap, decodeInputFields } from './input/decodeInputValue.ts'
export { encodeInputValueTagged, encodeInputMapTagged } from './input/encodeInputValueTagged.ts'
export { MalformedAgentKeyError } from './errors/signatureErrors.ts'
export { agentOwnerIdsOf, ownerIdOfAgentKey, agentKeyOfSignature, agentKeyOfSigner, type AgentKey } from './agent/agentKeys.ts'
export {
  AGENT_PROPOSAL_TAG,
  agentProposalBytes,
  checkAgentAuthorization,
  intentDigestOf,
  orchestratorOrigin,
  signAgentProposal,
  type AgentAuthorization,
  type AgentAuthorizationCheck,
  type AgentAuthorizationFailure,
  type AgentProposalAction,
  type AgentProposalBinding,
} from './agent/agentProposal.ts'
export {
  signMerchantAuthorization,
  verifyMerchantAuthorization,
  MERCHANT_AUTHORIZATION_ALGS,
  type MerchantAuthorizationAlg,
  type MerchantSigningKey,
  type MerchantAuthorizationCheck,
} from './ucp/merchantAuthorization.ts'
export { canSignMandates, MANDATE_SIGNER_SCHEMES, type MandateRole } from './ucp/mandateSignerSchemes.ts'
export { checkoutDigestOf, checkoutFactsOf, CHECKOUT_DIGEST_EXCLUDED_FIELDS, checkoutLineKeys, VERITY_DOMAIN_PAYMENT_HANDLER, type CheckoutFacts, type CheckoutLine } from './ucp/checkoutFacts.ts'
