import { VerityError } from '@verity/core'

/**
 * `verity vault show --finalized` where the domain names another settlement contract than the one
 * the user pinned (`--contract` or VERITY_EVM_CONTRACT): a domain could show each user the roots of
 * a contract of its choosing, so the pinned one wins and the answer is refused.
 */
export class SettlementContractNotPinnedError extends VerityError {
  readonly code = 'EVM_CONTRACT_NOT_PINNED'
  constructor(readonly fields: { named: string; pinned: string }) {
    super(`the domain's finalized view is read from contract ${fields.named}, not from the contract you pinned (${fields.pinned}): refused`)
  }
}
