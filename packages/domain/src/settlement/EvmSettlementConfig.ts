/** `settlement: { kind: evm, … }` of domain.yaml (docs/settlement-evm.md). */
export type EvmSettlementConfig = {
  kind: 'evm'
  /** the chain's JSON-RPC URL */
  rpcUrl: string
  /** checked against the node at startup */
  chainId: number
  /** address of the VeritySettlement contract (verity deploy-contracts) */
  contract: string
  /** file holding the operator's EVM account key (0x + 64 hex), which pays for settlement */
  accountKeyFile: string
  /** blocks (the settling one included) before an SDL is BaseLayerApplied */
  confirmations: number
  /** how long one submit waits for the confirmations before reporting the SDL still pending, in ms */
  confirmationWaitMs?: number
}
