import { SettlementContractNotPinnedError } from './SettlementContractNotPinnedError.ts'

/**
 * Refuses (SettlementContractNotPinnedError) a finalized-vault answer read from another contract
 * than the one the user pinned; without a pin, any contract passes here (check it is a genuine
 * VeritySettlement with @verity/settlement-evm's checkSettlementContract).
 * @example assertPinnedContract(answer, process.env.VERITY_EVM_CONTRACT)
 */
export function assertPinnedContract(answer: { contract: string }, pinned: string | undefined): void {
  if (pinned !== undefined && pinned.toLowerCase() !== answer.contract.toLowerCase()) throw new SettlementContractNotPinnedError({ named: answer.contract, pinned })
}
