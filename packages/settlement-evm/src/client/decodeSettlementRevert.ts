import { BaseError, ContractFunctionRevertedError } from 'viem'
import { SettlementRevertError } from '../errors/evmSettlementErrors.ts'

/**
 * The contract's named error inside a viem failure (simulation, gas estimation, a call), as
 * SettlementRevertError; undefined when the failure is not a revert with a decodable error
 * (a transport fault, a timeout), which the caller treats as transient.
 */
export function decodeSettlementRevert(error: unknown, txHash?: string): SettlementRevertError | undefined {
  if (!(error instanceof BaseError)) return undefined
  const revert = error.walk((inner) => inner instanceof ContractFunctionRevertedError)
  if (!(revert instanceof ContractFunctionRevertedError) || revert.data?.errorName === undefined) return undefined
  return new SettlementRevertError({ errorName: revert.data.errorName, args: revert.data.args ?? [], ...(txHash ? { txHash } : {}) })
}
