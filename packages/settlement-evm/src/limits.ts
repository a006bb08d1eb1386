/**
 * Every bound of @verity/settlement-evm, with its unit and reason (docs/settlement-evm.md).
 */

/** EIP-170: the most runtime bytecode a contract may deploy. The SDL verifier must stay under it. */
export const CONTRACT_BYTES_MAX = 24_576
/**
 * Batch proofs per settlement transaction; mirrors VeritySettlement.BATCHES_PER_TX_MAX. An SDL of
 * more settles in parts of this many (settleSdlPart). Bounds the gas of one transaction: at
 * ~0.83–0.92 M gas a proof (bb 5's optimized verifier), 12 proofs and the 20 % margin the client
 * adds stay under SETTLE_GAS_MAX with room to spare (a test checks it).
 */
export const SETTLE_BATCHES_PER_TX_MAX = 12
/** solc optimizer runs: low, because deployed size (EIP-170), not call cost, is the binding limit of the verifier. */
export const SOLC_OPTIMIZER_RUNS = 1
/**
 * Gas of one settlement transaction, sent with its estimate plus a fifth, at most this: EIP-7825
 * (Osaka, on Ethereum since December 2025, and Hardhat's default hardfork) caps every
 * transaction at 2^24 gas; SETTLE_BATCHES_PER_TX_MAX batch proofs stay under it (docs/settlement-evm.md, "Costs").
 */
export const SETTLE_GAS_MAX = 16_777_216n
/** How long to wait for a settlement transaction's receipt and confirmations before reporting it pending. */
export const CONFIRMATION_WAIT_MS_DEFAULT = 120_000
/** Time one JSON-RPC call to the EVM node may take: a gas estimate runs the SDL verifier, which a
 *  JavaScript EVM (Hardhat) on a busy machine takes over 10 s (viem's default) to do. */
export const EVM_RPC_TIMEOUT_MS = 60_000
/** Polling interval for receipts and block numbers. */
export const EVM_POLL_INTERVAL_MS = 250
/** Sends of one settlement (the first included) when its transaction is dropped or reverts for a transient reason. */
export const SETTLE_ATTEMPTS_MAX = 3
/** Confirmations an SDL needs by default before it is BaseLayerApplied (1: included in a block). */
export const CONFIRMATIONS_DEFAULT = 1
/** The most confirmations a configuration may ask for (about an hour of Ethereum mainnet blocks). */
export const CONFIRMATIONS_MAX = 300
/** Default JSON-RPC port of the local EVM node of `verity up --settlement evm`. */
export const LOCAL_EVM_PORT_DEFAULT = 8545
/** Chain id of the local Hardhat node. */
export const LOCAL_EVM_CHAIN_ID = 31337
/** Block interval of the local node, so that confirmations > 1 arrive without traffic. */
export const LOCAL_EVM_BLOCK_INTERVAL_MS = 1_000
/** How long the local node may take to answer its first JSON-RPC call. */
export const LOCAL_EVM_START_WAIT_MS_MAX = 60_000
/** Contracts whose check (checkSettlementContract) a process remembers, so a long-lived reader checks each once. */
export const CHECKED_CONTRACTS_MAX = 64
