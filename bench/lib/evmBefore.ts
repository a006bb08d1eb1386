// EVM settlement figures of the previous proof system (bb.js 0.82.2 in wasm, UltraHonk with the
// Keccak transcript, not zero-knowledge, SDL circuit of 2^17 rows: 280 slot operations on 24
// slots per batch proof), measured with this bench on the 2-core development machine on
// 2026-11-27 (`npm run bench -- --only evm`, main at 83e795d; docs/performance-history.md, "EVM settlement"), so that every
// run prints them beside its own.
export type EvmBeforeSdl = { transfers: number; proofs: number; gasUsed: number }

export const EVM_BEFORE: { system: string; verifierDeployedBytes: number; verifyGas: number; sdls: Record<string, EvmBeforeSdl> } = {
  system: 'bb.js 0.82.2, Keccak, not ZK, 2^17 SDL circuit',
  verifierDeployedBytes: 20_656,
  verifyGas: 2_577_704,
  sdls: {
    'evm.sdl.setup': { transfers: 0, proofs: 1, gasUsed: 2_701_109 },
    'evm.sdl.1': { transfers: 1, proofs: 1, gasUsed: 2_649_963 },
    'evm.sdl.8': { transfers: 8, proofs: 1, gasUsed: 2_650_023 },
    'evm.sdl.largest': { transfers: 256, proofs: 4, gasUsed: 10_314_233 },
  },
}
