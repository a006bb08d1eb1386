// Hardhat serves only as the local EVM node of `verity up --settlement evm` (src/node/startLocalEvmNode.ts);
// contracts are compiled with the solc npm package, so no compiler is configured or downloaded.
// Keep chainId and the interval in step with src/limits.ts (LOCAL_EVM_CHAIN_ID, LOCAL_EVM_BLOCK_INTERVAL_MS).
module.exports = {
  networks: {
    hardhat: {
      chainId: 31337,
      mining: { auto: true, interval: 1000 },
      // One settlement verifies up to 8 proofs at ~3 M gas each.
      blockGasLimit: 60000000,
    },
  },
}
