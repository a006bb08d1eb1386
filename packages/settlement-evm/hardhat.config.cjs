// Hardhat serves only as the local EVM node of `verity up --settlement evm` (src/node/startLocalEvmNode.ts);
// contracts are compiled with the solc npm package, so no compiler is configured or downloaded.
// Keep chainId and the interval in step with src/limits.ts (LOCAL_EVM_CHAIN_ID, LOCAL_EVM_BLOCK_INTERVAL_MS).
module.exports = {
  networks: {
    hardhat: {
      chainId: 31337,
      mining: { auto: true, interval: 1000 },
      // One settlement verifies up to 12 proofs at under 1 M gas each; a transaction is capped at 2^24 gas (EIP-7825).
      blockGasLimit: 60000000,
    },
  },
}
