// Public API of @verity/ledger. Re-exports only.
export type { Address, TokenId, ShardId, NftId, Vault, VaultDataType, TokenHoldings, FungibleMetadata, FungibleMintVault, NftMetadata, NftMintVault, Nft } from './wire/Vault.ts'
export type {
  SignedMessage,
  VerifiableType,
  VerifiableKind,
  SignedVerifiableType,
  SignedVerifiableKind,
  MandatePayment,
  AllowanceAmount,
  DebitAllowance,
  FungibleCredit,
  FungibleOperation,
  FungibleMint,
  NftCredit,
  NftOperation,
  NftMint,
} from './wire/Verifiable.ts'
export type { NftChange, HoldingsDiff, FungibleMintOperation, NftMintOperation, StateDiffOperation, StateDiff, VerifiableWithDiffs } from './wire/StateDiff.ts'
export type { SdlState } from './wire/SdlState.ts'
export {
  MalformedVerifiableError,
  WrongShardError,
  NonceMismatchError,
  OverdraftError,
  BalanceOverflowError,
  NftNotHeldError,
  NftAlreadyExistsError,
  ZeroSupplyMintError,
  MintHolderConflictError,
  MintExistsError,
  MintNotFoundError,
  StateDiffMismatchError,
  LedgerLimitError,
  MandatePaymentError,
  MANDATE_REFUSAL_CODES,
  type MandateRefusalCode,
  atIndex,
  type LedgerError,
} from './errors/ledgerErrors.ts'
export { parseVerifiable } from './json/parseVerifiable.ts'
export { parseStateDiff, parseVerifiableWithDiffs } from './json/parseStateDiff.ts'
export { parseVault } from './json/parseVault.ts'
export { parseSdlState, parseSdlContent } from './json/parseSdl.ts'
export { jsonValue, jsonValue as vaultToJson, jsonValue as verifiableToJson, jsonValue as stateDiffToJson, jsonValue as sdlContentToJson } from './json/jsonValue.ts'
export type { LedgerView } from './laws/LedgerView.ts'
export { verifyVerifiable, verifiableParts, type VerifiedVerifiable } from './laws/verifyVerifiable.ts'
export { formatAddressMemo, ownerIdOfSignatureMemo, parseAddressMemo } from './laws/addressMemo.ts'
export { canonicalPayloadBytes, freezeVerifiable } from './laws/payloadBytes.ts'
export { executeVerifiable, checkAuthorization, defaultDiffsOf } from './execution/executeVerifiable.ts'
export { checkStateDiffs, checkDiffShape } from './execution/checkStateDiffs.ts'
export { applyStateDiffs, assertOutgoingCredit } from './execution/applyStateDiffs.ts'
export { applyIncomingCredits } from './execution/applyIncomingCredits.ts'
export { executeBatch, submitBatch, type BatchResult, type MandateContext } from './execution/executeBatch.ts'
export { legacyMandateKey, mandateKey, spentSetKeysOf, type MandateFacts, type MandateKeyParts } from './mandates/MandateFacts.ts'
export { checkMandatePayment, checkMandateDeadline, mandatePaymentDiffs } from './mandates/checkMandatePayment.ts'
export { OverlayView } from './execution/OverlayView.ts'
export { MemoryLedger } from './execution/MemoryLedger.ts'
export { signVerifiable } from './laws/signVerifiable.ts'
export { debitAllowanceDiffs, fungibleMintDiffs, nftMintDiffs } from './execution/defaultDiffs.ts'
export type { SdlContent } from './sdl/SdlContent.ts'
export { sdlHash } from './sdl/sdlHash.ts'
export { checkSdlContent } from './sdl/checkSdlContent.ts'
export { SlotOpKind, slotKey, slotKeys, sdlSlotOps, VaultRole, type SlotOp } from './slots/sdlSlotOps.ts'
export { finalizedSlotKey, type FinalizedSlotName } from './slots/finalizedSlotKey.ts'
export { SlotDirectory, type PlacedSlotOp } from './slots/SlotDirectory.ts'
export * as limits from './limits.ts'
export { transactionEvidence, auxiliaryFields } from './guardrails/transactionEvidence.ts'
export { guardrailIntentId } from './guardrails/guardrailIntentId.ts'
