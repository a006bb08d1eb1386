/** Hardhat's second default account (public mnemonic): "someone else" in tests. */
export const HARDHAT_SECOND_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' as const
