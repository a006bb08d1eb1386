import { VerityError } from '@verity/core'

/** solc refused the contracts, or a compiled contract breaks a limit (EIP-170 size). */
export class ContractCompileError extends VerityError {
  readonly code = 'EVM_CONTRACT_COMPILE'
  constructor(readonly fields: { contract: string; reason: string }) {
    super(`compiling ${fields.contract}: ${fields.reason}`)
  }
}

/** The EVM node cannot be reached or answered with a transport error (retry later). */
export class EvmUnavailableError extends VerityError {
  readonly code = 'EVM_UNAVAILABLE'
  constructor(readonly fields: { rpcUrl: string; reason: string }, options?: { cause?: unknown }) {
    super(`EVM node at ${fields.rpcUrl} unavailable: ${fields.reason}`, options)
  }
}

/** The node's chain id is not the configured one (a wrong rpc_url would settle on another chain). */
export class ChainMismatchError extends VerityError {
  readonly code = 'EVM_CHAIN_MISMATCH'
  constructor(readonly fields: { rpcUrl: string; chainIdExpected: number; chainIdGot: number }) {
    super(`the EVM node at ${fields.rpcUrl} is chain ${fields.chainIdGot}, configured chain_id is ${fields.chainIdExpected}`)
  }
}

/** No VeritySettlement contract at the configured address. */
export class ContractMissingError extends VerityError {
  readonly code = 'EVM_CONTRACT_MISSING'
  constructor(readonly fields: { address: string; rpcUrl: string }) {
    super(`no contract code at ${fields.address} on ${fields.rpcUrl} (deploy it: verity deploy-contracts --rpc ${fields.rpcUrl})`)
  }
}

/**
 * The settlement contract refused a call with one of its named errors (SdlAlreadySettled,
 * WrongPreviousRoot, ProofRejected, ShardTaken, NotOperator, NoAgreement, BatchCount, NotAFieldElement).
 */
export class SettlementRevertError extends VerityError {
  readonly code = 'EVM_SETTLEMENT_REVERTED'
  constructor(readonly fields: { errorName: string; args: readonly unknown[]; txHash?: string }) {
    super(`VeritySettlement reverted with ${fields.errorName}(${fields.args.map(String).join(', ')})${fields.txHash ? ` in ${fields.txHash}` : ''}`)
  }
}

/** A settlement transaction was sent but has not got its confirmations in time; it may still land. */
export class SettlementPendingError extends VerityError {
  readonly code = 'EVM_SETTLEMENT_PENDING'
  constructor(readonly fields: { sdlHash: string; txHash: string; waitedMs: number }) {
    super(`SDL ${fields.sdlHash}: transaction ${fields.txHash} not confirmed after ${fields.waitedMs} ms; it is reconciled on the next submit or restart`)
  }
}

/** The local EVM node did not start. */
export class LocalEvmNodeError extends VerityError {
  readonly code = 'EVM_LOCAL_NODE'
  constructor(readonly fields: { port: number; reason: string }) {
    super(`local EVM node on 127.0.0.1:${fields.port}: ${fields.reason}`)
  }
}

/** An SDL or its proofs cannot make a settlement call (wrong proof system, guardrail proofs, too many batches). */
export class SettlementInputError extends VerityError {
  readonly code = 'EVM_SETTLEMENT_INPUT'
  constructor(readonly fields: { reason: string }) {
    super(`EVM settlement: ${fields.reason}`)
  }
}

/**
 * The SDL holds a mandate payment (a payment a proven intent authorizes): the settlement contract
 * cannot verify its policy proof, the intent's signature or the extractor's attestation, so it
 * would settle a payment it cannot check. Refused before anything is sent.
 */
export class MandatePaymentUnsupportedError extends VerityError {
  readonly code = 'EVM_MANDATE_PAYMENT_UNSUPPORTED'
  constructor(readonly fields: { index: number }) {
    super(`SDL transaction ${fields.index} is a mandate payment: EVM settlement cannot verify its proof bundle (settle on the base layer)`, { index: fields.index })
  }
}

/**
 * The contract's SDL verifier is not this version's: its code lacks the verification key hash of
 * the SDL circuit, or Ignition's [x]₂ (an older deployment, another circuit, another setup). Its
 * proofs would be refused, or worse, proofs of another setup accepted: deploy the contracts again.
 */
export class VerifierMismatchError extends VerityError {
  readonly code = 'EVM_VERIFIER_MISMATCH'
  constructor(readonly fields: { contract: string; verifier: string; reason: string }) {
    super(`VeritySettlement ${fields.contract} calls the verifier ${fields.verifier}, which is not this version's SDL verifier: ${fields.reason}; deploy the contracts again (verity deploy-contracts) and point settlement.contract at the new VeritySettlement`)
  }
}

/**
 * The contract a finalized view is read from is not a VeritySettlement of this version: its code,
 * its verifier's code or its starting root differs from what this version compiles. Its roots need
 * not have moved by verified SDL proofs, so a vault checked against one proves nothing.
 */
export class SettlementContractMismatchError extends VerityError {
  readonly code = 'EVM_SETTLEMENT_CONTRACT_MISMATCH'
  constructor(readonly fields: { contract: string; reason: string }) {
    super(`${fields.contract} is not a VeritySettlement of this version: ${fields.reason}; its roots say nothing about the domain's vaults`)
  }
}
